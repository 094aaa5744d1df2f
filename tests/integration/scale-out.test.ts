/**
 * Scale-out: two app servers, separate processes, over ONE PostgreSQL database (as on Fly,
 * several machines behind a load balancer). A session made on one is good on the other,
 * failed sign-ins on both add up to one limit, the AI workers of both servers share a
 * rewrite job without doing any hotel twice, and what one server (or an import) writes, the
 * other shows long before the page it kept would expire. Needs a real PostgreSQL server: TEST_DATABASE_URL
 * (scripts/with-postgres.sh), or else a throwaway cluster started here.
 */
import crypto from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RATE_LIMIT_MESSAGE, RATE_POLICIES } from "#app/http/rate-limit.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { createAiStandIn } from "#tests/ai-stand-in.ts";
import { feedFolder, importCli, ndjson } from "#tests/feed-files.ts";
import { startAppProcesses, type AppProcess } from "#tests/app-process.ts";
import { Browser, signIn, TEST_ADMIN, visibleText } from "#tests/app-server.ts";
import { openFreshPostgres } from "#tests/db.ts";
import { startPostgresCluster, type PostgresCluster } from "#tests/postgres-cluster.ts";
import { hotelSlug } from "#app/utils/slug.ts";

const standIn = createAiStandIn();
const provider = holdUntilTwoAtOnce(standIn.server);

const feeds = feedFolder("hg-scale-out-");

let cluster: PostgresCluster | undefined;
let databaseUrl: URL;
let database: DatabaseHandle | undefined;
let servers: AppProcess[] = [];
let a: AppProcess;
let b: AppProcess;

beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    cluster = await startPostgresCluster();
    serverUrl = cluster.url;
  }
  database = await openFreshPostgres(serverUrl);
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
  databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${rows[0]!.name}`;

  const shared = {
    DATABASE_URL: databaseUrl.toString(),
    DB_POOL_MAX: "4",
    // Every server must sign and verify cookies with the same secret.
    SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
    AI_BASE_URL: `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}/v1`,
    AI_API_KEY: "stand-in-key",
    AI_MODEL: "stand-in-model",
    // Pages kept for ten minutes: within the test only a notice from PostgreSQL can drop a copy.
    PAGE_CACHE_TTL_MS: "600000",
  };
  servers = await startAppProcesses([shared, shared]);
  [a, b] = servers as [AppProcess, AppProcess];
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.close();
  await cluster?.stop();
  standIn.server.closeAllConnections();
  await new Promise((resolve) => standIn.server.close(resolve));
});

describe("two app servers over one PostgreSQL database", () => {
  it("accepts a session made on one server on the other, and ends it on both when signed out on one", async () => {
    const onA = new Browser(a.origin);
    const onB = onA.at(b.origin);
    // Without a session, server B sends the visitor to sign in.
    expect((await new Browser(b.origin).get("/admin")).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");

    expect((await signIn(onA, TEST_ADMIN.email, TEST_ADMIN.password)).headers.get("Location")).toBe("/admin");
    const onServerB = await onB.get("/admin");
    expect(onServerB.status).toBe(200);
    expect(visibleText(await onServerB.text())).toContain(`Signed in as ${TEST_ADMIN.email}`);

    const session = onA.cookies.get("hg_session")!;
    const signOut = await onB.post("/logout", {});
    expect(signOut.headers.get("Location")).toBe("/login");
    // The old cookie, sent to server A again, no longer signs anyone in.
    const stale = new Browser(a.origin, onA.address, new Map([["hg_session", session]]));
    expect((await stale.get("/admin")).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
  });

  it("counts failed sign-ins on both servers towards one limit for a client address and e-mail", async () => {
    const onA = new Browser(a.origin);
    const onB = onA.at(b.origin);
    // Alternating, so neither server alone sees the limit's number of failures.
    for (let attempt = 1; attempt <= RATE_POLICIES.signInPerAddressAndEmail.max; attempt++) {
      const browser = attempt % 2 ? onA : onB;
      const response = await browser.post("/login", { intent: "sign-in", email: TEST_ADMIN.email, password: "fel-lösenord-1" });
      expect(response.status, `attempt ${attempt} on server ${browser === onA ? "A" : "B"}`).toBe(400);
    }
    for (const browser of [onA, onB]) {
      const limited = await browser.post("/login", { intent: "sign-in", email: TEST_ADMIN.email, password: TEST_ADMIN.password });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(visibleText(await limited.text())).toContain(RATE_LIMIT_MESSAGE);
    }
    // Another visitor still signs in on either server.
    for (const origin of [a.origin, b.origin]) {
      expect(
        (await new Browser(origin).post("/login", { intent: "sign-in", email: TEST_ADMIN.email, password: TEST_ADMIN.password })).status,
      ).toBe(302);
    }
  });

  it("shows on the other server what an import or an administrator changed, long before the old page it kept expires", async () => {
    // Pages are kept for ten minutes here and places for a minute: only a notice from PostgreSQL
    // can make server B drop its copies sooner. Each check gives it 10 s, which a slow machine
    // needs and which is still far less than either.
    const beforeExpiry = { timeout: 10_000, interval: 100 };
    const visitor = new Browser(b.origin);
    const hotel = { hotel_id: "SCALE-1", name: "Hotell Notisen", location: "Stockholm", country: "Sweden", description: "A quiet hotel." };
    const hotelPath = `/Sweden/Stockholm/${hotelSlug(hotel)}`;

    // B answers (and keeps) a 404 for a hotel that is not there yet.
    for (let i = 0; i < 2; i++) expect((await visitor.get(hotelPath)).status).toBe(404);
    const imported = await importCli([feeds.feed("ndjson", ndjson(hotel))], { DATABASE_URL: databaseUrl.toString() });
    expect(imported.code, imported.stderr).toBe(0);
    await vi.waitFor(async () => expect((await visitor.get(hotelPath)).status).toBe(200), beforeExpiry);
    expect(visibleText(await (await visitor.get(hotelPath)).text())).toContain("A quiet hotel.");

    // The administrator saves a Swedish text on server A; B's kept page changes with it.
    const admin = new Browser(a.origin);
    await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    const saved = await admin.post("/admin/rewrite", {
      intent: "save",
      hotel_id: hotel.hotel_id,
      translation: "Ett lugnt hotell vid vattnet.",
    });
    expect(saved.status).toBe(302);
    await vi.waitFor(
      async () => expect(visibleText(await (await visitor.get(hotelPath)).text())).toContain("Ett lugnt hotell vid vattnet."),
      beforeExpiry,
    );
  });

  it("rewrites every hotel of a job exactly once while both servers' AI workers run", async () => {
    const ids = Array.from({ length: 24 }, (_, index) => `S${String(index + 1).padStart(2, "0")}`);
    const withoutDescription = "S24";
    await database!.db
      .insertInto("hotels")
      .values(
        ids.map((id) => ({
          hotel_id: id,
          name: `Hotel ${id}`,
          location: "Stockholm",
          country: "Sweden",
          description: id === withoutDescription ? null : `A fine hotel called ${id}.`,
        })),
      )
      .execute();

    // The administrator starts the job on server A (the back office's bulk action).
    const admin = new Browser(a.origin);
    await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    const started = await admin.post("/admin/hotels", [["intent", "rewrite-ai"], ...ids.map((id): [string, string] => ["hotel", id])]);
    expect(started.status).toBe(302);
    const jobPath = started.headers.get("Location")!;
    expect(jobPath).toMatch(/^\/admin\/jobs\/[0-9a-f-]{36}$/);

    // Each worker asks the provider one hotel at a time: two questions at once means both servers work on the job.
    await vi.waitFor(() => expect(provider.bothServersAsked, "both servers asked the provider at once").toBe(true), {
      timeout: 20_000,
      interval: 100,
    });

    // Server B's progress page shows the job finishing with the right counts.
    const onB = admin.at(b.origin);
    await vi.waitFor(
      async () =>
        expect(visibleText(await (await onB.get(jobPath)).text())).toContain(`${ids.length} of ${ids.length} hotels processed (100%)`),
      { timeout: 30_000, interval: 200 },
    );
    const text = visibleText(await (await onB.get(jobPath)).text());
    expect(text).toContain("Finished");
    expect(text).toMatch(new RegExp(`Rewritten ${ids.length - 1} Failed 1 Waiting 0`));
    expect(text).toContain(`Hotels that failed (1)`);
    expect(text).toContain(`Hotel ${withoutDescription} ${withoutDescription} No description to translate`);

    // The provider was asked exactly once for each hotel with a description.
    const asked = standIn.received.map((request) => /^Hotell: Hotel (S\d\d) /.exec(request.user)?.[1]);
    expect(asked.toSorted()).toEqual(ids.filter((id) => id !== withoutDescription));

    // Every item was claimed once, and every rewritten text stored.
    const items = await database!.db.selectFrom("ai_job_items").select(["hotel_id", "status", "attempts"]).orderBy("hotel_id").execute();
    expect(items).toEqual(ids.map((id) => ({ hotel_id: id, status: id === withoutDescription ? "failed" : "done", attempts: 1 })));
    const hotels = await database!.db
      .selectFrom("hotels")
      .select(["hotel_id", "rewritten_text"])
      .where("is_description_rewritten", "=", true)
      .where("hotel_id", "in", ids)
      .orderBy("hotel_id")
      .execute();
    expect(hotels).toEqual(
      ids
        .filter((id) => id !== withoutDescription)
        .map((id) => ({ hotel_id: id, rewritten_text: `Svensk översättning: A fine hotel called ${id}.` })),
    );
  });
});

/**
 * Holds the provider's answers until two requests wait at the same time, then answers
 * everything as it comes. An app server's worker does one hotel at a time, so two requests
 * at once can only come from two servers: the job is then certainly shared, whichever
 * server polls first.
 */
function holdUntilTwoAtOnce(server: Server) {
  const [answer] = server.listeners("request") as ((...args: unknown[]) => void)[];
  server.removeAllListeners("request");
  const held: (() => void)[] = [];
  const state = { bothServersAsked: false };
  server.on("request", (...args: unknown[]) => {
    if (state.bothServersAsked) return answer!.apply(server, args);
    held.push(() => answer!.apply(server, args));
    if (held.length < 2) return;
    state.bothServersAsked = true;
    for (const release of held.splice(0)) release();
  });
  return state;
}
