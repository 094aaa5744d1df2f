/**
 * Tells every app server that shares the PostgreSQL database when published data changed, so
 * each drops its in-memory copies (rendered pages, catalogue lists) within a second instead of
 * serving them until they expire. PostgreSQL itself carries the notices: every catalogue table
 * has a trigger that sends NOTIFY on one channel at commit (decision 063; the tables are in
 * catalogue-writes.server.ts), and every app server LISTENs on a connection of its own
 * (listenForChanges, started by boot). The embedded database listens on itself (db.server.ts).
 */
import pg from "pg";
import { log } from "#app/utils/log.server.ts";

export const CHANGE_CHANNEL = "hotellguiden_changes";

export interface ChangeListener {
  stop(): Promise<void>;
}

const RETRY_MS = { first: 500, max: 10_000 };

/**
 * LISTENs on the channel on a connection of its own (a pooled one would be handed to other
 * queries) and calls `onChange` for every notice, this process's own too (its writes dropped
 * its copies already; a second drop costs nothing). When the connection is lost
 * it reconnects with a growing pause, and calls `onChange` once it is back: notices sent while
 * it was away are lost, so whatever this process kept may be old.
 */
export function listenForChanges(databaseUrl: string, onChange: () => void): ChangeListener {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RETRY_MS.first;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let everConnected = false;

  const reconnectLater = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  };

  async function connect() {
    const connection = new pg.Client({ connectionString: databaseUrl, application_name: "hotellguiden-listen" });
    client = connection;
    connection.on("notification", (notice) => {
      if (notice.channel === CHANGE_CHANNEL) onChange();
    });
    // A server restart ends the connection, a network failure errors it: either way, again later.
    const lost = (error?: Error) => {
      if (client !== connection) return;
      client = null;
      if (!stopped) log.warn("change listener lost its connection", { error: error?.message ?? "connection ended" });
      void connection.end().catch(() => {});
      reconnectLater();
    };
    connection.on("error", lost);
    connection.on("end", () => lost());
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      if (client !== connection) return; // already handled as lost
      client = null;
      void connection.end().catch(() => {});
      if (!stopped) log.warn("change listener could not connect", { error: error instanceof Error ? error.message : String(error) });
      reconnectLater();
      return;
    }
    if (stopped) {
      await connection.end().catch(() => {});
      return;
    }
    retryMs = RETRY_MS.first;
    if (everConnected) onChange();
    everConnected = true;
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const connection = client;
      client = null;
      await connection?.end().catch(() => {});
    },
  };
}
