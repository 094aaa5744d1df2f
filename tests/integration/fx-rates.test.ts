/**
 * The ECB's euro reference rates stored and read back (fx_rates): the latest business day on or
 * before a date, a corrected rate replacing the published one, and amounts converted with them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { latestFxRates, storeFxRates } from "#app/prices/fx-rates.server.ts";
import { convertMoney } from "#app/utils/money.ts";
import { testDatabases } from "#tests/db.ts";

describe.each(testDatabases())("fx rates on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("has no rates before an import", async () => {
    expect(await latestFxRates(handle.db)).toBeNull();
  });

  it("reads the latest business day's rates, the Friday's on a Sunday", async () => {
    const written = await storeFxRates(handle.db, [
      { date: "2026-11-19", currency: "SEK", perEur: "10.9875" },
      { date: "2026-11-19", currency: "NOK", perEur: "11.7385" },
      { date: "2026-11-20", currency: "SEK", perEur: "11.0125" },
      { date: "2026-11-20", currency: "NOK", perEur: "11.7120" },
      { date: "2026-11-20", currency: "JPY", perEur: "161.77" },
    ]);
    expect(written).toBe(5);
    const latest = await latestFxRates(handle.db);
    expect(latest).toEqual({
      date: "2026-11-20",
      perEur: new Map([
        ["SEK", 11.0125],
        ["NOK", 11.712],
        ["JPY", 161.77],
      ]),
    });
    expect((await latestFxRates(handle.db, "2026-11-22"))?.date).toBe("2026-11-20");
    expect(await latestFxRates(handle.db, "2026-11-19")).toEqual({
      date: "2026-11-19",
      perEur: new Map([
        ["SEK", 10.9875],
        ["NOK", 11.7385],
      ]),
    });
    expect(await latestFxRates(handle.db, "2026-11-18")).toBeNull();
    expect(convertMoney({ amount: 120, currency: "EUR" }, "SEK", latest!)).toEqual({ amount: 1321.5, currency: "SEK" });
  });

  it("takes a corrected rate for a day already stored", async () => {
    await storeFxRates(handle.db, [{ date: "2026-11-20", currency: "SEK", perEur: "11.0130" }]);
    expect((await latestFxRates(handle.db))?.perEur.get("SEK")).toBe(11.013);
  });

  it("refuses what the ECB never sends, in the database too", async () => {
    await expect(storeFxRates(handle.db, [{ date: "2026-11-20", currency: "EUR", perEur: "1" }])).rejects.toThrow();
    await expect(storeFxRates(handle.db, [{ date: "2026-11-20", currency: "SEK", perEur: "-1" }])).rejects.toThrow();
  });
});
