/**
 * `npm run bench:alerts`: the price alert check at scale (issue 38 point 6, decision 072). A fresh
 * PostgreSQL database gets `--hotels` hotels, two partners with a plan each for every hotel and
 * 60 nights of rates from today (SQL, not the importer), and `--alerts` confirmed alerts from as
 * many addresses: most for a stay (check-in 1–30 days ahead, 1–3 nights, so about 90 distinct
 * stays), every tenth without dates. A first check gives each alert its starting price; then
 * every price falls 15% (as an import would bring it) and the check runs again: the set-based
 * statement that decides which alerts fire, and then every alert mail composed, with its links'
 * tokens, and written as an .eml file to a scratch DATA_DIR/outbox/ (what the mail jobs do, a
 * batch each). Figures on stdout and in bench-results/alerts.md.
 *
 *   npm run bench:alerts -- [--hotels 10000] [--alerts 10000]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql, type Kysely } from "kysely";
import { openDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { refreshLeadPrices } from "#app/prices/stay-prices.server.ts";
import { todayInSweden } from "#app/utils/stay.ts";
import { benchReport } from "./bench/report.ts";

const { values } = parseArgs({
  options: {
    hotels: { type: "string", default: "10000" },
    alerts: { type: "string", default: "10000" },
  },
});
const HOTELS = Number(values.hotels);
const ALERTS = Number(values.alerts);
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error("Run `npm run bench:alerts`: it starts a throwaway PostgreSQL (scripts/with-postgres.sh).");
  process.exit(1);
}
// The mails go to files in a scratch folder, never to an SMTP server.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-bench-alerts-"));
process.env.DATA_DIR = dataDir;
delete process.env.SMTP_URL;
delete process.env.MAIL_FROM;
const { checkAlerts, sendPriceAlerts, MAIL_BATCH } = await import("#app/alerts/alert-jobs.server.ts");

const { progress, emit, write } = benchReport("alerts");
const int = (value: number) => Math.round(value).toLocaleString("en");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const begun = performance.now();
  const result = await work();
  return [result, performance.now() - begun];
}

async function freshDatabase(name: string): Promise<string> {
  const admin = openDatabase({ databaseUrl: serverUrl!, statementTimeoutMs: 3_600_000 });
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  await admin.close();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function refreshAllLeadPrices(db: Kysely<Database>, today: string) {
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const ids = (await db.selectFrom("hotels").select("id").where("id", ">", after).orderBy("id").limit(1000).execute()).map(
      (row) => row.id,
    );
    if (!ids.length) break;
    await refreshLeadPrices(ids, today, db);
    after = ids.at(-1)!;
  }
}

async function load(db: Kysely<Database>, today: string) {
  progress(`${int(HOTELS)} hotels, 2 partners, 60 nights each`);
  await sql`
    insert into hotels (hotel_id, name, country, location, amenities, amenity_keys, has_affiliate_url)
    select 'BENCH-' || n, 'Benchhotell ' || n, 'Sweden', 'Ort ' || (n % 50), '[]'::jsonb, array[]::text[], false
    from generate_series(1, ${HOTELS}) n
  `.execute(db);
  await db
    .insertInto("partners")
    .values(["bench-1", "bench-2"].map((id) => ({ id, name: `Bench ${id}`, host: `${id}.example` })))
    .execute();
  for (const id of ["bench-1", "bench-2"]) {
    await sql`
      insert into rate_plans (hotel_id, partner_id, adults, rooms, breakfast_included, refundable, pay_at_hotel, currency, landing_url)
      select hotel.id, ${id}, 2, 1, false, false, false, 'SEK', 'https://' || ${id} || '.example/h/' || hotel.hotel_id from hotels hotel
    `.execute(db);
  }
  await sql`
    insert into nightly_rates (plan_id, night, base, tax, fees, confirmed_at)
    select plan.id, ${today}::date + d, 900 + (plan.id % 500), 100, 0, now()
    from rate_plans plan cross join generate_series(0, 59) d
  `.execute(db);
  await refreshAllLeadPrices(db, today);

  progress(`${int(ALERTS)} confirmed alerts from as many addresses`);
  await sql`
    insert into alert_subscribers (email) select 'bevakare' || n || '@example.se' from generate_series(1, ${ALERTS}) n
  `.execute(db);
  await sql`
    insert into price_alerts (subscriber_id, hotel_id, check_in, nights, adults, rooms, status, confirmed_at)
    select subscriber.id, hotel.id,
      case when n % 10 = 0 then null else ${today}::date + 1 + n % 30 end,
      case when n % 10 = 0 then null else 1 + n % 3 end,
      2, 1, 'confirmed', now()
    from generate_series(1, ${ALERTS}) n
    join alert_subscribers subscriber on subscriber.email = 'bevakare' || n || '@example.se'
    join hotels hotel on hotel.hotel_id = 'BENCH-' || (1 + n % ${HOTELS})
  `.execute(db);
  await sql`analyze`.execute(db);
}

const databaseUrl = await freshDatabase("hg_bench_alerts");
const handle = openDatabase({ databaseUrl, statementTimeoutMs: 3_600_000 });
const db = handle.db;
try {
  progress("migrations");
  await migrate(undefined, db);
  const today = todayInSweden();
  await load(db, today);

  progress("first check: each alert's starting price");
  const [first, firstMs] = await timed(() => checkAlerts({ today, send: async () => {} }, db));
  const priced = await db
    .selectFrom("price_alerts")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("reference_price", "is not", null)
    .executeTakeFirstOrThrow();

  progress("every price 15% lower, as an import brings it");
  await sql`update nightly_rates set base = round(base * 0.85, 2), tax = round(tax * 0.85, 2)`.execute(db);
  await refreshAllLeadPrices(db, today);

  progress("the check after the import, without the mails");
  const found: Parameters<typeof sendPriceAlerts>[0][number][] = [];
  const [decided, decideMs] = await timed(() => checkAlerts({ today, send: async (batch) => void found.push(...batch) }, db));

  progress(`the ${int(found.length)} alert mails, composed and written to the outbox`);
  const [, mailMs] = await timed(async () => {
    for (let start = 0; start < found.length; start += MAIL_BATCH) await sendPriceAlerts(found.slice(start, start + MAIL_BATCH), db);
  });
  const files = fs.readdirSync(path.join(dataDir, "outbox")).length;

  progress("a second check the same day (nothing to send)");
  const [again, againMs] = await timed(() => checkAlerts({ today, send: async () => {} }, db));

  emit(
    [
      `## The alert check: ${int(ALERTS)} confirmed alerts on ${int(HOTELS)} hotels × 2 partners (PostgreSQL 15)`,
      "",
      `- first check (starting prices, nothing fires): ${seconds(firstMs)}; ${int(priced.n)} alerts priced, ${first.fired} fired`,
      `- **check after a 15% fall: ${seconds(decideMs)}** for the set-based decision (${int(decided.fired)} alerts fire)`,
      `- the ${int(found.length)} alert mails, ${MAIL_BATCH} a batch (details, partners and tokens one query each; words; .eml written): ${seconds(mailMs)} (${int(found.length / (mailMs / 1000))}/s); ${int(files)} files`,
      `- **check and mails together: ${seconds(decideMs + mailMs)}** (the issue's bound: under a minute)`,
      `- a second check the same day: ${seconds(againMs)}, ${again.fired} fired`,
    ].join("\n"),
  );
} finally {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
write("alerts.md", `Price alerts: ${int(ALERTS)} alerts checked after an import`);
