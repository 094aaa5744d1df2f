/**
 * `npm run bench:rates -- [--hotels 2000] [--nights 120] [--batch n]`: the price importer at
 * scale. Loads that many demo hotels (the seed bench:offers uses) and three demo partners, writes
 * one CSV twin of nightly rates per partner (every hotel × every night from tomorrow, two adults in
 * one room, prices that vary by weekday, season and partner) and imports each through
 * `npm run import -- FILE --partner KEY` as a child process, as an operator would; then the first
 * file again (every price already stored). Prints nightly rates per second, by the importer's own
 * clock and by the wall clock of the whole command (start and database check included), and the
 * database's size. On a shared machine the wall clock says more about the other work on it than
 * about the importer, so the CPU time of the command and of the PostgreSQL server (from /proc)
 * are printed too, with the rate they allow. On PostgreSQL when TEST_DATABASE_URL is set (as the
 * npm script does through scripts/with-postgres.sh), otherwise on PGlite. Figures only: nothing
 * here passes or fails.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { createRandom, DEMO_PARTNERS, demoLandingUrl, type DemoPartner } from "#app/operations/demo-catalogue.ts";
import { openDatabase } from "#app/db/db.server.ts";
import { migrate } from "#app/operations/migrate.server.ts";
import { seedDemoCatalogue } from "#app/operations/seed.server.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";

const { values } = parseArgs({
  options: {
    hotels: { type: "string", default: "2000" },
    nights: { type: "string", default: "120" },
    batch: { type: "string" },
  },
});
const HOTELS = Number(values.hotels);
const NIGHTS = Number(values.nights);
if (!Number.isInteger(HOTELS) || HOTELS < 1) throw new Error("--hotels must be a whole number above 0");
if (!Number.isInteger(NIGHTS) || NIGHTS < 1 || NIGHTS > 500) throw new Error("--nights must be a whole number from 1 to 500");
const PARTNERS = DEMO_PARTNERS.slice(0, 3);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const number = (value: number) => Math.round(value).toLocaleString("en");
const NODE = path.resolve("node_modules/.bin/node");

const COLUMNS =
  "hotel_id,date,adults,rooms,currency,base,tax,fees,breakfast_included,free_cancellation_until,pay_at_hotel,room_name,url,updated_at";

/** One partner's file: every hotel's nights, a hotel's nights together as partners' exports list them. */
async function writeRates(file: string, partner: DemoPartner, seed: number) {
  const random = createRandom(seed);
  const out = fs.createWriteStream(file);
  const today = todayInSweden();
  const dates = Array.from({ length: NIGHTS }, (_, index) => addDays(today, index + 1));
  const weekend = dates.map((date) => [5, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()));
  const summer = dates.map((date) => ["06", "07", "08"].includes(date.slice(5, 7)));
  const updated = new Date().toISOString();
  let chunk = `${COLUMNS}\n`;
  for (let hotel = 1; hotel <= HOTELS; hotel++) {
    const hotelId = `HG-${String(hotel).padStart(6, "0")}`;
    const url = demoLandingUrl(partner, hotelId);
    const usual = 600 + random.int(0, 1800);
    const breakfast = random.chance(0.4);
    const cancel = random.chance(0.5) ? "true" : "";
    for (let night = 0; night < NIGHTS; night++) {
      const base = Math.round(usual * (weekend[night] ? 1.25 : 1) * (summer[night] ? 1.2 : 1));
      const tax = (base * 0.12).toFixed(2);
      chunk += `${hotelId},${dates[night]},2,1,SEK,${base}.00,${tax},25,${breakfast},${cancel},false,,${url},${updated}\n`;
      if (chunk.length > 65_536) {
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
        chunk = "";
      }
    }
  }
  out.end(chunk);
  await new Promise<void>((resolve, reject) => out.on("finish", () => resolve()).on("error", reject));
}

const TICKS_PER_SECOND = 100;

/** CPU seconds the PostgreSQL server has used (its postmaster, its live processes and those that ended), or null. */
function postgresCpuSeconds(): number | null {
  const log = process.env.TEST_DATABASE_LOG;
  if (!log || process.platform !== "linux") return null;
  try {
    const postmaster = Number(fs.readFileSync(path.join(path.dirname(log), "data", "postmaster.pid"), "utf8").split("\n", 1)[0]);
    let ticks = 0;
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // ended meanwhile
      }
      // Fields after the command name: state ppid … utime stime cutime cstime (fields 14-17).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
      if (Number(entry) === postmaster) ticks += utime! + stime! + cutime! + cstime!;
      else if (Number(fields[1]) === postmaster) ticks += utime! + stime!;
    }
    return ticks / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The import as an operator runs it, under /usr/bin/time for its CPU time. */
function importFile(file: string, partner: string, databaseUrl: string | undefined, dataDir: string) {
  const timing = path.join(dir, "time.txt");
  const args = [
    "-f",
    "%U %S",
    "-o",
    timing,
    NODE,
    "scripts/import.ts",
    file,
    "--partner",
    partner,
    ...(values.batch ? ["--batch", values.batch] : []),
  ];
  const env = { ...process.env, DATABASE_URL: databaseUrl ?? "", DATA_DIR: dataDir, DB_STATEMENT_TIMEOUT_MS: "600000" };
  return new Promise<{ stdout: string; ms: number; cpu: number; postgresCpu: number | null }>((resolve, reject) => {
    const started = performance.now();
    const postgresBefore = postgresCpuSeconds();
    execFile("/usr/bin/time", args, { env, maxBuffer: 16 * 1_048_576 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`import of ${file} failed (${error.code}): ${stderr}`));
      const ms = performance.now() - started;
      const postgresAfter = postgresCpuSeconds();
      const [user, system] = fs.readFileSync(timing, "utf8").trim().split("\n").at(-1)!.split(" ").map(Number);
      const postgresCpu = postgresBefore === null || postgresAfter === null ? null : postgresAfter - postgresBefore;
      resolve({ stdout, ms, cpu: user! + system!, postgresCpu });
    });
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-bench-rates-"));
try {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const dataDir = path.join(dir, "data");
  const handle = serverUrl ? openDatabase({ databaseUrl: serverUrl, statementTimeoutMs: 900_000 }) : openDatabase({ dataDir });
  let started = performance.now();
  try {
    await migrate(undefined, handle.db);
    // The demo's partners come with the seed; its own prices would only add rows to the tables measured.
    await seedDemoCatalogue({ hotels: HOTELS, prices: "none" }, handle.db);
    // Settled before the clock starts: autovacuum of the freshly seeded tables would be charged to the first file.
    await sql`vacuum analyze`.execute(handle.db);
  } finally {
    // The embedded database belongs to one process: the importer's.
    await handle.close();
  }
  console.log(`${serverUrl ? "PostgreSQL" : "PGlite"}: ${number(HOTELS)} demo hotels loaded in ${seconds(performance.now() - started)}`);

  started = performance.now();
  const files = await Promise.all(
    PARTNERS.map(async (partner, index) => {
      const file = path.join(dir, `${partner.id}.csv`);
      await writeRates(file, partner, index + 1);
      return { file, partner };
    }),
  );
  const size = files.reduce((sum, { file }) => sum + fs.statSync(file).size, 0);
  console.log(
    `Wrote ${PARTNERS.length} files of ${number(HOTELS)} hotels × ${NIGHTS} nights (${number(HOTELS * NIGHTS)} rows each, ` +
      `${(size / 1_048_576).toFixed(1)} MB in all) in ${seconds(performance.now() - started)}\n`,
  );

  console.log(
    "| file | partner | nightly rates | inserted | unchanged | importer's time | rates/s | command's time | rates/s | command's CPU | PostgreSQL's CPU | rates per CPU-second of the busier |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  const figure = (stdout: string, label: string) =>
    Number((new RegExp(`^ {2}${label} +([\\d,]+)`, "m").exec(stdout)?.[1] ?? "0").replace(/,/g, ""));
  let total = 0;
  let totalMs = 0;
  let busier = 0;
  const runs = [...files, { ...files[0]!, again: true }];
  for (const run of runs) {
    const { stdout, ms, cpu, postgresCpu } = await importFile(run.file, run.partner.id, serverUrl, dataDir);
    // The importer and the server work at once (a batch is written while the next is read): the busier of them sets the pace.
    const pace = Math.max(cpu, postgresCpu ?? 0);
    const nights = figure(stdout, "nights");
    const duration = Number(/^ {2}duration +([\d.]+) s/m.exec(stdout)?.[1] ?? "0") * 1000;
    if (!("again" in run)) {
      total += nights;
      totalMs += ms;
      busier += pace;
    }
    console.log(
      `| ${"again" in run ? "the first again" : path.basename(run.file)} | ${run.partner.id} | ${number(nights)} | ${number(figure(stdout, "inserted"))} | ` +
        `${number(figure(stdout, "unchanged"))} | ${seconds(duration)} | ${number(nights / (duration / 1000))} | ${seconds(ms)} | ${number(nights / (ms / 1000))} | ` +
        `${cpu.toFixed(1)} s | ${postgresCpu === null ? "–" : `${postgresCpu.toFixed(1)} s`} | ${number(nights / pace)} |`,
    );
  }
  console.log(
    `\nAll ${PARTNERS.length} files: ${number(total)} nightly rates in ${seconds(totalMs)}, ${number(total / (totalMs / 1000))} nightly rates/s`,
  );
  console.log(
    `By CPU time (the busier of importer and server, one core each): ${number(total / busier)} nightly rates/s; load average now ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
  );

  const after = serverUrl ? openDatabase({ databaseUrl: serverUrl, statementTimeoutMs: 900_000 }) : openDatabase({ dataDir });
  try {
    if (serverUrl) await sql`vacuum analyze nightly_rates`.execute(after.db);
    const { rows } = await sql<{
      database: string;
      rates: string;
      plans: string;
      lead: string;
      count: string;
      history: string;
      observations: string;
    }>`
      select pg_size_pretty(pg_database_size(current_database())) as database,
        pg_size_pretty(pg_total_relation_size('nightly_rates')) as rates,
        pg_size_pretty(pg_total_relation_size('rate_plans')) as plans,
        pg_size_pretty(pg_total_relation_size('hotel_lead_prices')) as lead,
        (select count(*) from nightly_rates)::text as count,
        pg_size_pretty(pg_total_relation_size('price_history')) as history,
        (select count(*) from price_history)::text as observations
    `.execute(after.db);
    const sizes = rows[0]!;
    console.log(
      `Database ${sizes.database}: nightly_rates ${sizes.rates} with its indexes (${number(Number(sizes.count))} rows), ` +
        `rate_plans ${sizes.plans}, hotel_lead_prices ${sizes.lead}, price_history ${sizes.history} (${number(Number(sizes.observations))} rows)`,
    );
  } finally {
    await after.close();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
