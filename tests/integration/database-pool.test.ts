/**
 * How the PostgreSQL pool reports a failure to get a connection: a busy pool (overload) is
 * told apart from a server that cannot be reached, so only the second opens the circuit
 * breaker that turns every visitor away (app/db/health.server.ts).
 */
import net from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/db.server.ts";
import { startPostgresCluster, type PostgresCluster } from "#tests/postgres-cluster.ts";

let cluster: PostgresCluster | undefined;
let serverUrl: string;

beforeAll(async () => {
  serverUrl = process.env.TEST_DATABASE_URL ?? (cluster = await startPostgresCluster()).url;
});
afterAll(async () => {
  await cluster?.stop();
});

describe("connection failures", () => {
  it("calls a full pool overload, not an outage", async () => {
    const failures: Array<{ message: string; poolExhausted: boolean }> = [];
    const handle = openDatabase({
      databaseUrl: serverUrl,
      poolMax: 1,
      connectTimeoutMs: 300,
      onConnectError: (error, { poolExhausted }) => failures.push({ message: (error as Error).message, poolExhausted }),
    });
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // The pool's only connection stays busy until released.
      const busy = handle.db.connection().execute(async (connection) => {
        await sql`select 1`.execute(connection);
        await held;
      });
      await expect(sql`select 2`.execute(handle.db)).rejects.toThrow(/timeout/i);
      release();
      await busy;
      expect(failures).toEqual([{ message: expect.stringMatching(/timeout/i), poolExhausted: true }]);
      // And the pool serves again once its connection is free.
      expect((await sql<{ n: number }>`select 3 as n`.execute(handle.db)).rows).toEqual([{ n: 3 }]);
    } finally {
      await handle.close();
    }
  });

  it("calls a refused connection an outage", async () => {
    // A port nobody listens on: take a free one and let it go.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const failures: boolean[] = [];
    const handle = openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
      poolMax: 2,
      connectTimeoutMs: 300,
      onConnectError: (_error, { poolExhausted }) => failures.push(poolExhausted),
    });
    try {
      await expect(sql`select 1`.execute(handle.db)).rejects.toThrow(/ECONNREFUSED/);
      expect(failures).toEqual([false]);
    } finally {
      await handle.close();
    }
  });
});
