/**
 * `npm run bench:partner-switch`: switching a partner off and on at catalogue scale. A fresh
 * PostgreSQL database gets `--hotels` hotels (generate_series, straight in SQL) and two
 * partners' offers: one on every hotel, one on every third. Then, with the app's default
 * statement timeout (10 s): how long the administrator's switch takes, how long the background
 * recompute of the hotels' offer summaries takes (batch by batch, as app servers' workers do
 * it), and, for comparison, the one statement the switch used to run (--old, on by default up
 * to 100,000 hotels; without the timeout). Prints the figures.
 *
 *   PG_PORT=55504 scripts/with-postgres.sh node scripts/bench-partner-switch.ts -- --hotels 1000000
 */
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { openDatabase } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { recomputeOwedSummaries } from "#app/offers/offer-summaries.server.ts";
import { setPartnerActive } from "#app/offers/partners.server.ts";

const { values } = parseArgs({
  options: { hotels: { type: "string", default: "100000" }, old: { type: "boolean" } },
  allowPositionals: true,
});
const HOTELS = Number(values.hotels);
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error("Run it through scripts/with-postgres.sh, which starts a throwaway PostgreSQL.");
  process.exit(1);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
};

// The throwaway server's own database: loading and checking without a statement timeout ...
const fresh = openDatabase({ databaseUrl: serverUrl, statementTimeoutMs: 3_600_000 });
await migrate(undefined, fresh.db);
// ... and the app's own settings, whose statement timeout applies to the switch and every batch.
const app = openDatabase({ databaseUrl: serverUrl, poolMax: 4, statementTimeoutMs: 10_000 });
try {
  const [, loadMs] = await timed(async () => {
    await fresh.db
      .insertInto("partners")
      .values([
        { id: "overallt", name: "Överallt", host: "overallt.example" },
        { id: "ibland", name: "Ibland", host: "ibland.example" },
      ])
      .execute();
    for (let start = 1; start <= HOTELS; start += 100_000) {
      const end = Math.min(HOTELS, start + 99_999);
      await sql`
        insert into hotels (hotel_id, name, location, country, star_rating, rating, price_amount, price_currency)
        select 'B' || g, 'Bänkhotell ' || g, 'Plats ' || (g % 500), 'Sweden', 1 + g % 5, 5 + (g % 50) / 10.0, 900, 'SEK'
        from generate_series(${start}::int, ${end}::int) g
      `.execute(fresh.db);
      await sql`
        insert into hotel_offers (hotel_id, partner_id, price_per_night, landing_url)
        select id, 'overallt', 400 + (hashtext(id::text) & 511), 'https://overallt.example/h/' || hotel_id
        from hotels where hotel_id in (select 'B' || g from generate_series(${start}::int, ${end}::int) g)
      `.execute(fresh.db);
      await sql`
        insert into hotel_offers (hotel_id, partner_id, price_per_night, landing_url)
        select id, 'ibland', 700, 'https://ibland.example/h/' || hotel_id
        from hotels where hotel_id in (select 'B' || g from generate_series(${start}::int, ${end}::int, 3) g)
      `.execute(fresh.db);
      process.stderr.write(`\r${end.toLocaleString("en")} hotels loaded`);
    }
    process.stderr.write("\n");
    await sql`analyze`.execute(fresh.db);
  });
  console.log(
    `${HOTELS.toLocaleString("en")} hotels, ${Math.ceil(HOTELS * (4 / 3)).toLocaleString("en")} offers loaded in ${seconds(loadMs)}`,
  );

  for (const active of [false, true]) {
    const [, switchMs] = await timed(() => setPartnerActive("overallt", active, app.db));
    let batches = 0;
    const [, recomputeMs] = await timed(async () => {
      while ((await recomputeOwedSummaries(undefined, app.db)) > 0) batches++;
    });
    const wrong = await sql<{ n: number }>`
      select count(*)::int as n from hotels h join current_offer_summary(array(select id from hotels)) s on s.hotel_id = h.id
      where (h.offer_price, h.offer_count) is distinct from (s.offer_price, s.offer_count)
    `.execute(fresh.db);
    console.log(
      `${active ? "activate" : "deactivate"}: the switch ${seconds(switchMs)}; background recompute ${seconds(recomputeMs)} in ${batches} batches; hotels with a wrong summary after it: ${wrong.rows[0]!.n}`,
    );
  }

  if (values.old ?? HOTELS <= 100_000) {
    // What the trigger partners_summarise_offers did inside the switch's statement.
    await sql`update partners set active = false where id = 'overallt'`.execute(fresh.db);
    const [, oldMs] = await timed(() =>
      sql`select refresh_hotel_offer_summary(array(select hotel_id from hotel_offers where partner_id = 'overallt'))`.execute(fresh.db),
    );
    console.log(`before: the switch's one statement took ${seconds(oldMs)} (no statement timeout here; the app's is 10 s)`);
  }
} finally {
  await app.close();
  await fresh.close();
}
