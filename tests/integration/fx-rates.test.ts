/**
 * The ECB's euro reference rates stored and read back (fx_rates): the latest business day on or
 * before a date, a corrected rate replacing the published one, and amounts converted with them.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server.ts";
import { latestFxRates, storeFxRates } from "#app/prices/fx-rates.server.ts";
import { convertMoney } from "#app/utils/money.ts";
import { testDatabases } from "#tests/db.ts";
import { feedFolder, importCli, rejectsOf } from "#tests/feed-files.ts";

describe.each(testDatabases())("fx rates on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("has no rates before an import", async () => {
    expect(await latestFxRates(undefined, handle.db)).toBeNull();
  });

  it("reads the latest business day's rates, the Friday's on a Sunday", async () => {
    const written = await storeFxRates(
      [
        { date: "2026-11-19", currency: "SEK", perEur: "10.9875" },
        { date: "2026-11-19", currency: "NOK", perEur: "11.7385" },
        { date: "2026-11-20", currency: "SEK", perEur: "11.0125" },
        { date: "2026-11-20", currency: "NOK", perEur: "11.7120" },
        { date: "2026-11-20", currency: "JPY", perEur: "161.77" },
      ],
      handle.db,
    );
    expect(written).toBe(5);
    const latest = await latestFxRates(undefined, handle.db);
    expect(latest).toEqual({
      date: "2026-11-20",
      perEur: new Map([
        ["SEK", 11.0125],
        ["NOK", 11.712],
        ["JPY", 161.77],
      ]),
    });
    expect((await latestFxRates("2026-11-22", handle.db))?.date).toBe("2026-11-20");
    expect(await latestFxRates("2026-11-19", handle.db)).toEqual({
      date: "2026-11-19",
      perEur: new Map([
        ["SEK", 10.9875],
        ["NOK", 11.7385],
      ]),
    });
    expect(await latestFxRates("2026-11-18", handle.db)).toBeNull();
    expect(convertMoney({ amount: 120, currency: "EUR" }, "SEK", latest!)).toEqual({ amount: 1321.5, currency: "SEK" });
  });

  it("takes a corrected rate for a day already stored", async () => {
    await storeFxRates([{ date: "2026-11-20", currency: "SEK", perEur: "11.0130" }], handle.db);
    expect((await latestFxRates(undefined, handle.db))?.perEur.get("SEK")).toBe(11.013);
  });

  it("refuses what the ECB never sends, in the database too", async () => {
    await expect(storeFxRates([{ date: "2026-11-20", currency: "EUR", perEur: "1" }], handle.db)).rejects.toThrow();
    await expect(storeFxRates([{ date: "2026-11-20", currency: "SEK", perEur: "-1" }], handle.db)).rejects.toThrow();
  });
});

// Two business days as the ECB's 90-day file writes them (newest first), shortened.
const ECB_90D = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time="2026-11-26">
\t\t\t<Cube currency="USD" rate="1.0412"/>
\t\t\t<Cube currency="SEK" rate="11.0455"/>
\t\t\t<Cube currency="NOK" rate="11.7610"/>
\t\t\t<Cube currency="DKK" rate="7.4590"/>
\t\t</Cube>
\t\t<Cube time="2026-11-25">
\t\t\t<Cube currency="USD" rate="1.0398"/>
\t\t\t<Cube currency="SEK" rate="11.0610"/>
\t\t\t<Cube currency="NOK" rate="11.7702"/>
\t\t\t<Cube currency="DKK" rate="0x10"/>
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;

describe("npm run import with the ECB's euro reference rates", () => {
  const { dir, feed } = feedFolder("hg-fx-");
  const env = { DATA_DIR: path.join(dir, "data") };
  const xmlFile = (text: string) => feed("xml", text);

  it("recognises the file from its content, stores every day's rates and names an entry it leaves out", async () => {
    const file = xmlFile(ECB_90D);
    const result = await importCli([file], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Imported the ECB's euro reference rates");
    expect(result.stdout).toMatch(/^ {2}days +2 {2}\(the latest 2026-11-26\)$/m);
    expect(result.stdout).toMatch(/^ {2}stored +7 {2}rates$/m);
    expect(result.stdout).toContain('line 18: the rate of DKK ("0x10") is not a positive decimal number');
    expect(rejectsOf(file)).toEqual([{ line: 18, reason: 'the rate of DKK ("0x10") is not a positive decimal number' }]);
    const handle = openDatabase({ dataDir: env.DATA_DIR });
    try {
      expect(await latestFxRates(undefined, handle.db)).toEqual({
        date: "2026-11-26",
        perEur: new Map([
          ["USD", 1.0412],
          ["SEK", 11.0455],
          ["NOK", 11.761],
          ["DKK", 7.459],
        ]),
      });
      expect((await latestFxRates("2026-11-25", handle.db))?.perEur.has("DKK")).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it("refuses a hostile or broken file whole, and another XML format by name", async () => {
    const xxe = xmlFile(
      `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${ECB_90D.slice(ECB_90D.indexOf("<gesmes:Envelope"))}`,
    );
    const refused = await importCli([xxe], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^The rates file is not valid XML \(line 1: a DOCTYPE is not accepted/m);
    const cut = await importCli([xmlFile(ECB_90D.slice(0, ECB_90D.indexOf('<Cube time="2026-11-25">')))], env);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(/^The rates file is not valid XML \(line \d+: .*\): nothing was imported\.$/m);
    const other = await importCli([xmlFile(`<listings><listing><id>1</id></listing></listings>`)], env);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/is XML, but not the ECB's euro reference rates \(its root is <listings>\)/);
  });
});
