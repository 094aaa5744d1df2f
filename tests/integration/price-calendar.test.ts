/**
 * The month view of stay prices (issue 38 point 1) over HTTP, on PGlite and PostgreSQL: a hotel's
 * and a place's calendar with rates written as the importer writes them. The totals equal what the
 * hotel page shows for the same stays, "–" where nothing is for sale, "Billigast" on the cheapest
 * dates, links that carry the stay and the page's choices, the months before and after, the form
 * that changes the length and party, addresses that ask for what cannot be shown, and noindex with
 * the canonical without the calendar.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInSweden } from "#app/utils/stay.ts";
import { addMonths, monthLabel, monthOf } from "#app/prices/calendar-month.ts";
import { formatSek, priceDisplay } from "#app/utils/money.ts";
import { Browser, formFields, startTestApp, unescapeAttribute, visibleText, type TestApp } from "#tests/app-server.ts";
import { createHotels, createPartner, createRates } from "#tests/factories.ts";

let app: TestApp;
let browser: Browser;
const HOTEL = "/Sweden/Gothenburg/kalenderhotellet";
const PLACE = "/Sweden/Gothenburg";

const today = todayInSweden();
const thisMonth = monthOf(today);
/** Next month: every check-in of it can be booked. */
const month = addMonths(thisMonth, 1);
const day = (number: number) => `${month}-${String(number).padStart(2, "0")}`;

async function page(path: string) {
  const response = await browser.get(path);
  const html = await response.text();
  return { response, html, text: visibleText(html) };
}

interface Cell {
  /** What the eye sees. */
  shown: string;
  /** What a screen reader reads (no-break spaces read as spaces). */
  name: string;
  href: string | null;
}

/** The calendar table's date cells by day of the month: what they show, what they say and where they lead. */
function cells(html: string): Map<number, Cell> {
  const table = /<table[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
  const found = new Map<number, Cell>();
  for (const match of table.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)) {
    const inner = match[1]!;
    if (!inner.trim()) continue;
    const spoken = /<span class="sr-only">([\s\S]*?)<\/span>/.exec(inner)?.[1] ?? "";
    const shown = visibleText(inner.replace(/<span class="sr-only">[\s\S]*?<\/span>/g, "")).trim();
    found.set(Number(shown.split(" ")[0]), {
      shown,
      name: unescapeAttribute(visibleText(spoken)).trim(),
      href: unescapeAttribute(/href="([^"]*)"/.exec(inner)?.[1] ?? "") || null,
    });
  }
  return found;
}

/** An amount as the pages write it, its no-break spaces read as the visible text reads them. */
const kr = (amount: number) => formatSek(amount).replace(/\s/g, " ");

beforeAll(async () => {
  app = await startTestApp();
  browser = new Browser(app.origin);
  const db = await app.db();
  await createPartner(db, { id: "testresor", name: "Testresor", host: "testresor.example" });
  await createPartner(db, { id: "provbadd", name: "Provbädd", host: "provbadd.example" });
  await db.insertInto("fx_rates").values({ rate_date: "2026-11-26", currency: "SEK", per_eur: 11 }).execute();
  await createHotels(db, [
    { hotel_id: "KAL-1", name: "Kalenderhotellet", country: "Sweden", location: "Gothenburg" },
    { hotel_id: "KAL-2", name: "Grannhotellet", country: "Sweden", location: "Gothenburg" },
  ]);
  // The hotel: Testresor the 1st to the 20th at 1 120 kr a night; Provbädd the 5th to the 8th at 880 kr.
  await createRates(db, { hotel: "KAL-1", partner: "testresor", from: day(1), nights: 20, base: 1000, tax: 100, fees: 20 });
  await createRates(db, { hotel: "KAL-1", partner: "provbadd", from: day(5), nights: 4, base: 800, tax: 80 });
  // Its neighbour: 700 kr a night the 10th to the 12th.
  await createRates(db, { hotel: "KAL-2", partner: "testresor", from: day(10), nights: 3, base: 700 });
});

afterAll(async () => {
  await app?.close();
});

describe("a hotel's month of prices", () => {
  it("shows each check-in's cheapest total for the stay, '–' where nothing is for sale, 'Billigast' on the cheapest", async () => {
    const { response, html, text } = await page(`${HOTEL}?kalender=${month}`);
    expect(response.status).toBe(200);
    expect(html).toMatch(/<caption[^>]*>Totalpris i kr för 2 nätter, 2 vuxna, 1 rum, per incheckningsdag i [a-z]+ \d{4}<\/caption>/);
    expect(html.match(/<th scope="col"/g)).toHaveLength(7);
    expect(text).toContain("mån tis ons tor fre lör sön");
    const grid = cells(html);
    expect(grid.get(1)).toMatchObject({ shown: "1 2 240", name: expect.stringContaining(`: ${kr(2240)} för 2 nätter`) });
    // Provbädd has the 5th to the 8th: stays of two of them are the cheapest.
    for (const cheapest of [5, 6, 7]) {
      expect(grid.get(cheapest)!.shown).toBe(`${cheapest} 1 760 Billigast`);
      expect(grid.get(cheapest)!.name).toMatch(new RegExp(`^[a-zåäö]+dag ${cheapest} [a-z]+: ${kr(1760)} för 2 nätter, billigast$`));
    }
    expect(grid.get(8)!.shown).toBe("8 2 240");
    // The 20th's stay needs the 21st, which nobody sells.
    for (const none of [20, 21, 28]) {
      expect(grid.get(none)).toEqual({
        shown: `${none} –`,
        name: expect.stringMatching(new RegExp(` ${none} [a-z]+: inga lediga rum$`)),
        href: null,
      });
    }
  });

  it("gives the same totals as the hotel page for the same stays", async () => {
    const grid = cells((await page(`${HOTEL}?kalender=${month}`)).html);
    for (const checkIn of [1, 5, 8]) {
      const cell = grid.get(checkIn)!;
      const amount = Number(/: ([\d\s]+) kr för 2 nätter/.exec(cell.name)![1]!.replace(/\s/g, ""));
      const { text } = await page(cell.href!);
      expect(text).toMatch(new RegExp(`Boka ditt rum .* ${kr(amount)} inkl. skatter och avgifter, för [^,]+, 2 nätter, 2 vuxna, 1 rum`));
    }
  });

  it("links each date to the hotel page with that stay, keeping the party and the price choices", async () => {
    const { html } = await page(`${HOTEL}?kalender=${month}&vuxna=1&villkor=frukost&valuta=EUR`);
    // Nobody sells breakfast: every date is '–', and none is the cheapest.
    expect([...cells(html).values()].every((cell) => cell.href === null)).toBe(true);
    expect(html).not.toContain("Billigast");
    const { html: plain } = await page(`${HOTEL}?kalender=${month}&vuxna=1&valuta=EUR`);
    const cell = cells(plain).get(5)!;
    expect(cell.href).toBe(`${HOTEL}?valuta=EUR&incheckning=${day(5)}&utcheckning=${day(7)}&vuxna=1#priser`);
    expect(cell.name).toContain(
      formatSek(1760, priceDisplay("EUR", { date: "2026-11-26", perEur: new Map([["SEK", 11]]) })).replace(/\s/g, " "),
    );
    expect(plain).toMatch(/<caption[^>]*>Totalpris i € för 2 nätter, 1 vuxen, 1 rum/);
  });

  it("changes the length and party with a GET form that keeps the stay's dates and the choices", async () => {
    const stay = `incheckning=${day(3)}&utcheckning=${day(6)}`;
    const { html } = await page(`${HOTEL}?${stay}&valuta=EUR&kalender=${month}`);
    const form = /<form[^>]*action="\/Sweden\/Gothenburg\/kalenderhotellet#kalender" method="get"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(formFields(form)).toEqual([
      ["valuta", "EUR"],
      ["incheckning", day(3)],
      ["utcheckning", day(6)],
      ["kalender", month],
    ]);
    // The length starts as the stay's: three nights.
    expect(form).toMatch(/<select[^>]*name="natter"[^>]*>[\s\S]*?<option value="3" selected=""/);
    expect(form).toContain('name="vuxna"');
    expect(form).toContain('name="rum"');
    const { html: four } = await page(`${HOTEL}?${stay}&kalender=${month}&natter=4`);
    const grid = cells(four);
    expect(grid.get(1)!.name).toContain(`${kr(4480)} för 4 nätter`);
    expect(grid.get(1)!.href).toBe(`${HOTEL}?incheckning=${day(1)}&utcheckning=${day(5)}#priser`);
    // Provbädd's four nights from the 5th.
    expect(grid.get(5)!.shown).toBe("5 3 520 Billigast");
  });

  it("goes a month back and ahead, never before this month nor beyond the horizon", async () => {
    const links = (html: string) =>
      [...(/<nav aria-label="Månader"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "").matchAll(/href="([^"]*)"/g)].map((match) =>
        unescapeAttribute(match[1]!),
      );
    expect(links((await page(`${HOTEL}?kalender=${thisMonth}&vuxna=1`)).html)).toEqual([`${HOTEL}?vuxna=1&kalender=${month}#kalender`]);
    expect(links((await page(`${HOTEL}?kalender=${month}&natter=3`)).html)).toEqual([
      `${HOTEL}?kalender=${thisMonth}&natter=3#kalender`,
      `${HOTEL}?kalender=${addMonths(month, 1)}&natter=3#kalender`,
    ]);
    const last = addMonths(thisMonth, 11);
    expect(links((await page(`${HOTEL}?kalender=${last}`)).html)).toEqual([`${HOTEL}?kalender=${addMonths(last, -1)}#kalender`]);
    // This month's past days are shown, not priced.
    if (today.slice(8) !== "01")
      expect(cells((await page(`${HOTEL}?kalender=${thisMonth}`)).html).get(1)).toMatchObject({
        shown: "1",
        name: expect.stringMatching(/: har varit$/),
      });
  });

  it("answers an address it cannot show with this month and a note, not an error", async () => {
    for (const [query, note] of [
      ["kalender=2026-13", "Månaden ”2026-13” finns inte (skriv den som ÅÅÅÅ-MM)"],
      ["kalender=%3Cscript%3E", "Månaden ”<script>” finns inte"],
      [`kalender=${addMonths(thisMonth, -1)}`, "har redan varit"],
      [`kalender=${addMonths(thisMonth, 14)}`, "Så långt fram visar kalendern inga priser än"],
      [`kalender=${month}&natter=30`, "Antalet nätter måste vara 1–14, så vi räknar med 2 nätter."],
    ]) {
      const { response, html, text } = await page(`${HOTEL}?${query}`);
      expect(response.status, query).toBe(200);
      expect(unescapeAttribute(text), query).toContain(note);
      expect(html, query).toContain("<table");
      expect(html).not.toContain("<script>”");
    }
    expect((await page(`${HOTEL}?kalender=2026-13`)).text).toContain(`så vi visar ${monthLabel(thisMonth)}`);
  });

  it("is not indexed; its canonical is the hotel page without the calendar", async () => {
    const { html } = await page(`${HOTEL}?kalender=${month}`);
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/hotellguiden\.test\/Sweden\/Gothenburg\/kalenderhotellet"/);
  });

  it("is offered beside the dates, on the month of the visitor's stay", async () => {
    const { html } = await page(`${HOTEL}?incheckning=${day(3)}&utcheckning=${day(6)}&valuta=EUR`);
    const link = /<a[^>]*href="([^"]*)"[^>]*>Flexibla datum\? Se priser för hela månaden<\/a>/.exec(html);
    expect(unescapeAttribute(link![1]!)).toBe(`${HOTEL}?incheckning=${day(3)}&utcheckning=${day(6)}&valuta=EUR&kalender=${month}#kalender`);
    const { html: plain } = await page(HOTEL);
    expect(plain).toContain("Flexibla datum? Se priser för hela månaden");
    expect(plain).not.toContain("<table");
  });
});

describe("a place's month of prices", () => {
  it("shows the cheapest hotel's total per check-in and links to the place with the stay", async () => {
    const { response, html } = await page(`${PLACE}?kalender=${month}&sortera=pris`);
    expect(response.status).toBe(200);
    expect(html).toMatch(/<caption[^>]*>Billigaste hotellets totalpris i kr för 2 nätter/);
    const grid = cells(html);
    expect(grid.get(1)!.shown).toBe("1 2 240");
    expect(grid.get(5)!.shown).toBe("5 1 760");
    // The neighbour's 700 kr nights make the 10th and 11th the cheapest.
    expect(grid.get(10)!.shown).toBe("10 1 400 Billigast");
    expect(grid.get(11)!.shown).toBe("11 1 400 Billigast");
    expect(grid.get(12)!.shown).toBe("12 2 240");
    expect(grid.get(25)!.shown).toBe("25 –");
    expect(grid.get(10)!.href).toBe(`${PLACE}?sortera=pris&incheckning=${day(10)}&utcheckning=${day(12)}`);
    const { text } = await page(grid.get(10)!.href!);
    expect(text).toContain(
      `Grannhotellet Göteborg, Sverige Betyg 8,4 av 10 120 omdömen Ett hotell för tester. Wifi ${kr(1400)} för 2 nätter`,
    );
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/hotellguiden\.test\/Sweden\/Gothenburg"/);
  });

  it("with the map's area chosen, says it prices the whole place and its dates leave the area (decision 082)", async () => {
    // Round the place's hotels (the factory's Gothenburg position) and more: the list is of the area.
    const area = "omrade=" + encodeURIComponent("57.6,11.8,57.8,12.1");
    const { html, text } = await page(`${PLACE}?${area}&kalender=${month}`);
    expect(text).toContain(
      "Priserna gäller hela Göteborg, inte bara kartans område. Ett datum visar alla hotell i Göteborg för de datumen.",
    );
    const grid = cells(html);
    // The same prices as without the area: the whole place's.
    expect(grid.get(10)!.shown).toBe("10 1 400 Billigast");
    expect(grid.get(10)!.href).toBe(`${PLACE}?incheckning=${day(10)}&utcheckning=${day(12)}`);
    // Moving in the calendar, or closing it, keeps the list of the area.
    const next = /<a[^>]*href="([^"]*)"[^>]*>[^<]*<span aria-hidden="true"> →<\/span>/.exec(html);
    expect(unescapeAttribute(next![1]!)).toContain(area);
    const close = /<a[^>]*href="([^"]*)"[^>]*>Stäng kalendern<\/a>/.exec(html);
    expect(unescapeAttribute(close![1]!)).toBe(`${PLACE}?${area}`);
    // Without an area there is nothing to say.
    expect((await page(`${PLACE}?kalender=${month}`)).text).not.toContain("inte bara kartans område");
  });

  it("is offered under the filters", async () => {
    const { html } = await page(`${PLACE}?vuxna=1`);
    const link = /<a[^>]*href="([^"]*)"[^>]*>Flexibla datum\? Se priser för hela månaden<\/a>/.exec(html);
    expect(unescapeAttribute(link![1]!)).toBe(`${PLACE}?vuxna=1&kalender=${thisMonth}#kalender`);
  });
});

describe("a place with more hotels than the first reading prices", () => {
  const MALMO = "/Sweden/Malmo";
  const totals = (html: string) => new Map([...cells(html)].map(([date, cell]) => [date, cell.shown.split(" ").slice(1).join(" ")]));

  beforeAll(async () => {
    const db = await app.db();
    await createHotels(db, [
      { hotel_id: "MAL-1", name: "Enkelrummet", country: "Sweden", location: "Malmo" },
      { hotel_id: "MAL-2", name: "Stortorget", country: "Sweden", location: "Malmo" },
      { hotel_id: "MAL-3", name: "Hamnen", country: "Sweden", location: "Malmo" },
      { hotel_id: "MAL-4", name: "Helgfyndet", country: "Sweden", location: "Malmo" },
      { hotel_id: "MAL-5", name: "Sista rummet", country: "Sweden", location: "Malmo" },
    ]);
    // The lowest floor sells nothing for two: its plan is for one guest.
    await createRates(db, { hotel: "MAL-1", partner: "testresor", from: day(1), nights: 20, base: 300, adults: 1 });
    await createRates(db, { hotel: "MAL-2", partner: "testresor", from: day(1), nights: 20, base: 600 });
    await createRates(db, { hotel: "MAL-3", partner: "provbadd", from: day(1), nights: 20, base: 650 });
    await createRates(db, { hotel: "MAL-4", partner: "testresor", from: day(14), nights: 3, base: 400 });
    // Only the dearest sells the nights after the 20th.
    await createRates(db, { hotel: "MAL-5", partner: "provbadd", from: day(1), nights: 25, base: 1000 });
  });

  it("shows each check-in's cheapest total over all its hotels, exactly", async () => {
    const grid = totals((await page(`${MALMO}?kalender=${month}`)).html);
    for (const date of [1, 12, 13, 16, 19]) expect(grid.get(date), `the ${date}th`).toBe("1 200");
    expect(grid.get(14)).toBe("800 Billigast");
    expect(grid.get(15)).toBe("800 Billigast");
    for (const date of [20, 24]) expect(grid.get(date), `the ${date}th`).toBe("2 000");
    expect(grid.get(25)).toBe("–");
  });

  it("follows a hotel that moves to another place", async () => {
    const db = await app.db();
    await db.updateTable("hotels").set({ location: "Lund" }).where("hotel_id", "=", "MAL-4").execute();
    expect(totals((await page(`${MALMO}?kalender=${month}&vuxna=2`)).html).get(14)).toBe("1 200 Billigast");
    expect(totals((await page(`/Sweden/Lund?kalender=${month}`)).html).get(14)).toBe("800 Billigast");
  });
});
