/**
 * The app's first start on an empty embedded database seeds the demo catalogue before it answers
 * (server/app.ts's boot, SEED_DEMO=auto on PGlite), as `npm start` on a fresh machine does. The
 * browser tests' servers and the integration tests start on a copy of a seeded demo instead
 * (decision 083), so this is the test of that path; without prices, which seed.test.ts covers.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { Browser, startTestApp, type TestApp } from "#tests/app-server.ts";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "auto", SEED_DEMO_PRICES: "none" });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

it("seeds the demo catalogue on its first start and shows its hotels", async () => {
  const db = await app.db();
  const hotels = await db
    .selectFrom("hotels")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  expect(Number(hotels.count)).toBeGreaterThanOrEqual(500);
  const response = await new Browser(app.origin).get("/hotels");
  expect(response.status).toBe(200);
  // The list page's cards, one article per hotel.
  expect((await response.text()).match(/<article/g)?.length ?? 0).toBeGreaterThan(0);
});
