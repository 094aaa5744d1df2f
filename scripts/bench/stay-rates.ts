/**
 * The scale benchmarks' priced catalogue (`bench:scale:stays`, `bench:calendar`): `hotels` hotels
 * in `places` places of five countries ('Ort 0' … in turn), `partners` partners each with a plan
 * for every hotel (the first without breakfast, the second with breakfast and free cancellation,
 * the third paid at the hotel) and `nights` nightly rates per plan from today, dearer on Fridays
 * and Saturdays, written in SQL (generate_series; the importer's own rate is `bench:rates`).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { openDatabase } from "#app/db/db.server.ts";
import { todayInSweden } from "#app/utils/stay.ts";

/** A new, empty database `name` on the benchmark's PostgreSQL server (dropped first if it is there); its URL. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = openDatabase({ databaseUrl: serverUrl, statementTimeoutMs: 3_600_000 });
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The URL of database `name` when it exists and holds a catalogue (hotels whose id starts `prefix`; `--reuse`), else undefined. */
export async function existingDatabase(serverUrl: string, name: string, prefix = "BENCH-"): Promise<string | undefined> {
  const admin = openDatabase({ databaseUrl: serverUrl, statementTimeoutMs: 60_000 });
  const found = await sql<{ name: string }>`select datname as name from pg_database where datname = ${name}`.execute(admin.db);
  await admin.close();
  if (found.rows.length === 0) return undefined;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: 60_000 });
  try {
    const hotels = await sql<{ n: number }>`select count(*)::int as n from hotels where hotel_id like ${`${prefix}%`}`.execute(handle.db);
    return hotels.rows[0]!.n > 0 ? url.toString() : undefined;
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

export const BENCH_COUNTRIES = ["Sweden", "Norway", "Denmark", "Finland", "Germany"];

export interface BenchRates {
  hotels: number;
  partners: number;
  nights: number;
  places: number;
}

/** Writes the catalogue; milliseconds each part took. */
export async function insertBenchRates(
  db: Kysely<Database>,
  { hotels, partners, nights, places }: BenchRates,
  progress: (message: string) => void,
): Promise<{ hotelMs: number; planMs: number; nightMs: number; partnerIds: string[] }> {
  const timed = async (work: () => Promise<unknown>) => {
    const begun = performance.now();
    await work();
    return performance.now() - begun;
  };
  progress(`${hotels.toLocaleString("en")} hotels in ${places} places`);
  const hotelMs = await timed(() =>
    sql`
      insert into hotels (hotel_id, name, country, location, rating, review_count, star_rating, amenities, amenity_keys, has_affiliate_url)
      select 'BENCH-' || n, 'Benchhotell ' || n, (${sql.val(BENCH_COUNTRIES)}::text[])[1 + n % 5], 'Ort ' || (n % ${places}),
        5 + (n % 50) / 10.0, n % 500, 1 + n % 5, '["Wifi"]'::jsonb, array['wifi'], n % 3 = 0
      from generate_series(1, ${hotels}) n
    `.execute(db),
  );
  const partnerIds = [...Array(partners).keys()].map((index) => `bench-${index + 1}`);
  await db
    .insertInto("partners")
    .values(partnerIds.map((id) => ({ id, name: `Bench ${id}`, host: `${id}.example` })))
    .execute();
  progress(`${partners} plans per hotel`);
  const planMs = await timed(async () => {
    for (const [index, id] of partnerIds.entries())
      await sql`
        insert into rate_plans (hotel_id, partner_id, adults, rooms, breakfast_included, refundable, pay_at_hotel, currency, landing_url)
        select hotel.id, ${id}, 2, 1, ${index % 3 === 1}, ${index % 3 === 1}, ${index % 3 === 2}, 'SEK', 'https://' || ${id} || '.example/h/' || hotel.hotel_id
        from hotels hotel where hotel.hotel_id like 'BENCH-%'
      `.execute(db);
  });
  const today = todayInSweden();
  progress(`${(hotels * partners * nights).toLocaleString("en")} nightly rates`);
  const nightMs = await timed(async () => {
    for (const id of partnerIds) {
      progress(`  nights of ${id}`);
      await sql`
        insert into nightly_rates (plan_id, night, base, tax, fees, confirmed_at)
        select plan.id, ${today}::date + d, 800 + (plan.id % 700) + case when extract(isodow from ${today}::date + d) in (5, 6) then 250 else 0 end,
          round((800 + (plan.id % 700)) * 0.12, 2), 0, now()
        from rate_plans plan cross join generate_series(0, ${nights - 1}) d
        where plan.partner_id = ${id}
      `.execute(db);
    }
  });
  return { hotelMs, planMs, nightMs, partnerIds };
}
