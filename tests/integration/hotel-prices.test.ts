/**
 * What a visitor sees of prices on a hotel page and /jamfor, over HTTP, with dated prices
 * inserted into the stay price tables: the stay's total including taxes and fees, the average per
 * night, the parts, the room and its conditions, when it was confirmed, a partner in euro
 * converted with the fine print, the conditions filter and the booking button, partners without
 * rooms, nearby dates, an occupancy no partner sells, the lead price without dates, the display
 * currency, /jamfor agreeing with the hotel page, and the JSON-LD price.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, datesLabel, todayInSweden } from "#app/utils/stay.ts";
import { Browser, formFields, startTestApp, unescapeAttribute, visibleText, type TestApp } from "#tests/app-server.ts";
import { createHotels, createPartner, createRates } from "#tests/factories.ts";

let app: TestApp;
let browser: Browser;
const ids = { hotel: "", other: "" };
const HOTEL = "/Sweden/Gothenburg/prishotellet";
const OTHER = "/Sweden/Gothenburg/grannhotellet";

const today = todayInSweden();
const nextDate = (monthDay: string) => {
  const year = Number(today.slice(0, 4));
  return today < `${year}-${monthDay}` ? `${year}-${monthDay}` : `${year + 1}-${monthDay}`;
};
/** 12–15 March, the next one to come. */
const march = { checkIn: nextDate("03-12"), checkOut: "" };
march.checkOut = addDays(march.checkIn, 3);
/** A July weekend: the first Friday of the next July to Sunday. */
const july = (() => {
  const first = nextDate("07-01");
  const weekday = new Date(`${first}T00:00:00Z`).getUTCDay();
  const friday = addDays(first, (5 - weekday + 7) % 7);
  return { checkIn: friday, checkOut: addDays(friday, 2) };
})();
/** "12 mars–15 mars" as the pages write a stay's dates. */
const datesText = (stay: { checkIn: string; checkOut: string }) => datesLabel({ ...stay, adults: 2, rooms: 1 });
const stayQuery = (stay: { checkIn: string; checkOut: string }, extra = "") =>
  `incheckning=${stay.checkIn}&utcheckning=${stay.checkOut}${extra ? `&${extra}` : ""}`;

async function page(path: string) {
  const response = await browser.get(path);
  const html = await response.text();
  return { response, html, text: visibleText(html) };
}

/** The text of each partner's row of "Jämför priser", in order. */
function offerRows(html: string): string[] {
  const list = /<ol aria-label="Priser hos[\s\S]*?<\/ol>/.exec(html)?.[0] ?? "";
  return list
    .split('<li class="flex flex-wrap items-start')
    .slice(1)
    .map((row) => visibleText(`<li ${row}`).trim());
}

/** Every link of a page: where it leads and its text. */
function links(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g)].map((match) => ({
    href: unescapeAttribute(/href="([^"]*)"/.exec(match[1]!)?.[1] ?? ""),
    text: visibleText(match[2]!).trim(),
  }));
}

/** Where the booking box's "Boka nu" leads: the /redirect link's destination. */
function bookingTarget(html: string): string | null {
  const href = /<a href="(\/redirect\?[^"]*)"[^>]*>Boka nu/.exec(html)?.[1];
  return href ? new URL(unescapeAttribute(href), "http://x").searchParams.get("to") : null;
}

function hotelJsonLd(html: string): Record<string, unknown> {
  for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const node = JSON.parse(match[1]!) as Record<string, unknown>;
    if (node["@type"] === "Hotel") return node;
  }
  throw new Error("no Hotel JSON-LD");
}

beforeAll(async () => {
  app = await startTestApp();
  browser = new Browser(app.origin);
  const db = await app.db();
  for (const [id, name] of [
    ["testresor", "Testresor"],
    ["provbadd", "Provbädd"],
    ["euroresor", "Euroresor"],
  ]) {
    await createPartner(db, { id, name, host: `${id}.example` });
  }
  await db.insertInto("fx_rates").values({ rate_date: "2026-11-26", currency: "SEK", per_eur: 11 }).execute();
  [ids.hotel, ids.other] = (
    await createHotels(db, [
      { hotel_id: "PRIS-1", name: "Prishotellet", country: "Sweden", location: "Gothenburg" },
      { hotel_id: "PRIS-2", name: "Grannhotellet", country: "Sweden", location: "Gothenburg" },
    ])
  ).map((hotel) => hotel.id) as [string, string];
  const hotel = "PRIS-1";

  // Testresor: a room without breakfast, non-refundable; one with breakfast and free cancellation.
  const standard = {
    hotel,
    partner: "testresor",
    roomKey: "standard",
    roomName: "Dubbelrum Standard",
    landingUrl: "https://testresor.example/pris/standard",
  };
  await createRates(db, { ...standard, from: march.checkIn, nights: 3, base: 1200, tax: 120, fees: 50 });
  await createRates(db, { ...standard, from: july.checkIn, nights: 2, base: 1800, tax: 180, fees: 50 });
  await createRates(db, {
    hotel,
    partner: "testresor",
    roomKey: "frukost",
    roomName: "Dubbelrum med frukost",
    breakfast: true,
    refundable: true,
    freeCancellationUntil: `${march.checkIn.slice(0, 4)}-03-10T12:00:00Z`,
    landingUrl: "https://testresor.example/pris/frukost",
    from: march.checkIn,
    nights: 3,
    base: 1400,
    tax: 140,
    fees: 50,
  });
  // Euroresor prices in euro, paid at the hotel: 89,50 € a night, the cheapest in March once converted.
  await createRates(db, {
    hotel,
    partner: "euroresor",
    currency: "EUR",
    payAtHotel: true,
    landingUrl: "https://euroresor.example/pris",
    from: march.checkIn,
    nights: 3,
    base: 80,
    tax: 8,
    fees: 1.5,
  });
  // Provbädd sells the hotel in July only.
  await createRates(db, {
    hotel,
    partner: "provbadd",
    breakfast: true,
    landingUrl: "https://provbadd.example/pris",
    from: july.checkIn,
    nights: 2,
    base: 1500,
    tax: 150,
  });
  // A family room for three, in March.
  await createRates(db, {
    hotel,
    partner: "testresor",
    adults: 3,
    roomKey: "familj",
    roomName: "Familjerum",
    landingUrl: "https://testresor.example/pris/familj",
    from: march.checkIn,
    nights: 3,
    base: 1700,
    tax: 170,
  });
  // Without dates: the cheapest night of the next 30 days.
  await createRates(db, {
    hotel,
    partner: "testresor",
    roomKey: "kampanj",
    roomName: "Kampanjrum",
    landingUrl: "https://testresor.example/pris/kampanj",
    from: addDays(today, 5),
    nights: 1,
    base: 900,
    tax: 90,
    fees: 10,
  });
});
afterAll(async () => {
  await app?.close();
});

describe("a hotel page with dates", () => {
  it("shows each partner's total for 12–15 March with taxes and fees, the average per night, the parts and the conditions", async () => {
    const { response, text, html } = await page(`${HOTEL}?${stayQuery(march)}`);
    expect(response.status).toBe(200);
    const rows = offerRows(html);
    expect(rows).toHaveLength(2);
    // Euroresor: 3 × 89,50 € = 268,50 € at 11 kr a euro.
    expect(rows[0]).toContain("Euroresor");
    expect(rows[0]).toContain("2 954 kr inkl. skatter och avgifter 985 kr / natt i snitt");
    expect(rows[0]).toContain("Pris 240 €, skatter 24 €, avgifter 4,50 €");
    expect(rows[0]).toContain("268,50 € hos partnern");
    expect(rows[0]).toContain("Utan frukost Ej återbetalningsbar Betala på hotellet");
    // Testresor's cheapest: 3 × (1 200 + 120 + 50).
    expect(rows[1]).toContain("Testresor Dubbelrum Standard Utan frukost Ej återbetalningsbar");
    expect(rows[1]).toContain("4 110 kr inkl. skatter och avgifter 1 370 kr / natt i snitt");
    expect(rows[1]).toContain("Pris 3 600 kr, skatter 360 kr, avgifter 150 kr");
    for (const row of rows) expect(row).toContain("Pris kontrollerat för 2 timmar sedan");
    expect(text).toContain("Omräknat till kronor med ECB:s kurs den 26 november 2026.");
    expect(text).toContain(`Totalpris för ${visibleText(datesText(march))}, 3 nätter, 2 vuxna, 1 rum, inkl. skatter och avgifter.`);
    // Provbädd sells the hotel, not these nights.
    expect(text).toContain("Inga lediga rum hos Provbädd för dina datum");
    // The booking box: the cheapest offer, and its button goes to it.
    expect(text).toMatch(/Boka ditt rum .*2 954 kr inkl\. skatter och avgifter, för .*985 kr \/ natt i snitt hos Euroresor/);
    expect(bookingTarget(html)).toBe("https://euroresor.example/pris");
    // A chosen stay is not indexed.
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  it("shows other totals for a July weekend", async () => {
    const { html, text } = await page(`${HOTEL}?${stayQuery(july)}`);
    const rows = offerRows(html);
    expect(rows.map((row) => row.split(" ")[0])).toEqual(["Provbädd", "Testresor"]);
    expect(rows[0]).toContain("3 300 kr inkl. skatter och avgifter 1 650 kr / natt i snitt");
    expect(rows[0]).toContain("Frukost ingår Ej återbetalningsbar");
    expect(rows[1]).toContain("4 060 kr inkl. skatter och avgifter 2 030 kr / natt i snitt");
    expect(text).toContain("Inga lediga rum hos Euroresor för dina datum");
    expect(text).not.toContain("Omräknat");
    expect(bookingTarget(html)).toBe("https://provbadd.example/pris");
  });

  it("with villkor=frukost lists only breakfast offers and books the cheapest of them", async () => {
    const { html, text } = await page(`${HOTEL}?${stayQuery(march, "villkor=frukost")}`);
    const rows = offerRows(html);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("Testresor Dubbelrum med frukost Frukost ingår Gratis avbokning till 10 mars");
    expect(rows[0]).toContain("4 770 kr inkl. skatter och avgifter 1 590 kr / natt i snitt");
    // Not among the prices (the price history below them, when the stay is near, may name it as the usual one).
    expect(text.split("Prishistorik")[0]).not.toContain("2 954 kr");
    expect(text).toContain("Inget erbjudande hos Euroresor uppfyller dina villkor");
    expect(bookingTarget(html)).toBe("https://testresor.example/pris/frukost");
    // The filter is a GET form of checkboxes that keeps the stay.
    const form = /<form[^>]*action="\/Sweden\/Gothenburg\/prishotellet#priser" method="get"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form.match(/type="checkbox"/g)).toHaveLength(3);
    expect(formFields(form)).toEqual([
      ["villkor", "frukost"],
      ["incheckning", march.checkIn],
      ["utcheckning", march.checkOut],
    ]);
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/hotellguiden\.test\/Sweden\/Gothenburg\/prishotellet"/);
  });

  it("says when no partner has rooms, and suggests nearby dates with their prices", async () => {
    const stay = { checkIn: addDays(march.checkIn, 5), checkOut: addDays(march.checkIn, 8) };
    const { html, text } = await page(`${HOTEL}?${stayQuery(stay)}`);
    expect(offerRows(html)).toEqual([]);
    expect(text).toContain("Inga lediga rum för dina datum");
    for (const partner of ["Euroresor", "Provbädd", "Testresor"]) expect(text).toContain(`Inga lediga rum hos ${partner} för dina datum`);
    // No stale price anywhere, and no booking button.
    expect(text).not.toMatch(/\d kr inkl\./);
    expect(bookingTarget(html)).toBeNull();
    const nearby = links(html).filter((link) => / kr$/.test(link.text));
    expect(nearby).toEqual([{ href: `${HOTEL}?${stayQuery(march)}#priser`, text: `${visibleText(datesText(march))}: 2 954 kr` }]);
  });

  it("explains an occupancy no partner sells and suggests more rooms", async () => {
    const { html, text } = await page(`${HOTEL}?${stayQuery(march, "vuxna=5&rum=1")}`);
    expect(text).toContain("Inga lediga rum för dina datum");
    expect(text).toContain("Ingen partner har rum för 5 vuxna i 1 rum.");
    const suggestion = links(html).find((link) => link.text === "Sök 5 vuxna i 2 rum")?.href;
    expect(suggestion).toBe(`${HOTEL}?${stayQuery(march)}&vuxna=5&rum=2#priser`);
    // Two family rooms for the five.
    const rooms = offerRows((await page(`${HOTEL}?${stayQuery(march)}&vuxna=5&rum=2`)).html);
    expect(rooms).toHaveLength(1);
    expect(rooms[0]).toContain("Testresor Familjerum");
    expect(rooms[0]).toContain("11 220 kr inkl. skatter och avgifter");
  });

  it("shows the page in euro with valuta=EUR, not indexed, canonical without it", async () => {
    const { html, text } = await page(`${HOTEL}?${stayQuery(march, "valuta=EUR")}`);
    const rows = offerRows(html);
    expect(rows[0]).toContain("268,50 € inkl. skatter och avgifter 89,50 € / natt i snitt");
    expect(rows[0]).not.toContain("hos partnern");
    expect(rows[1]).toContain("373,64 € inkl. skatter och avgifter");
    expect(rows[1]).toContain("4 110 kr hos partnern");
    expect(text).toContain("Omräknat till euro med ECB:s kurs den 26 november 2026.");
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/hotellguiden\.test\/Sweden\/Gothenburg\/prishotellet"/);
    // The switch is plain links that keep the stay.
    expect(unescapeAttribute(html)).toContain(`href="${HOTEL}?${stayQuery(march)}&valuta=NOK#priser"`);
    expect(unescapeAttribute(html)).toContain(`href="${HOTEL}?${stayQuery(march)}#priser"`);
  });

  it("gives the JSON-LD the shown total in SEK for the stay", async () => {
    const { html } = await page(`${HOTEL}?${stayQuery(march, "valuta=EUR")}`);
    const hotel = hotelJsonLd(html);
    expect(hotel.makesOffer).toMatchObject({ "@type": "Offer", price: 2953.5, priceCurrency: "SEK" });
    expect(hotel).not.toHaveProperty("priceRange");
  });
});

describe("a hotel page without dates", () => {
  it("shows the cheapest night of the next 30 days, labelled so, and the JSON-LD price range", async () => {
    const { html, text } = await page(HOTEL);
    const rows = offerRows(html);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("Testresor Kampanjrum");
    expect(rows[0]).toContain("från 1 000 kr / natt inkl. skatter och avgifter");
    expect(text).toContain("Lägsta pris per natt de kommande 30 dagarna för 2 vuxna i 1 rum");
    expect(html).not.toContain('<meta name="robots" content="noindex"');
    expect(hotelJsonLd(html).priceRange).toBe("Från 1\u00a0000\u00a0kr");
  });

  it("says when no offer meets the conditions, with a way back to all offers", async () => {
    const { html, text } = await page(`${HOTEL}?villkor=betala-pa-hotellet`);
    expect(offerRows(html)).toEqual([]);
    expect(text).toContain("Inget erbjudande uppfyller dina villkor. Visa erbjudanden utan villkor");
    expect(links(html).find((link) => link.text === "Visa erbjudanden utan villkor")?.href).toBe(`${HOTEL}#priser`);
    expect(bookingTarget(html)).toBeNull();
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  it("never shows the hotel feed's own price", async () => {
    const db = await app.db();
    await db.updateTable("hotels").set({ price_amount: 777, price_currency: "SEK" }).where("id", "=", ids.other).execute();
    const { html, text } = await page(OTHER);
    expect(text).not.toContain("777");
    expect(hotelJsonLd(html)).not.toHaveProperty("priceRange");
  });
});

describe("/jamfor", () => {
  const compare = (extra: string) => `/jamfor?hotell=${ids.hotel}&hotell=${ids.other}&${extra}`;

  it("shows the hotel page's price for the same stay and conditions, and no rooms where none", async () => {
    for (const [stay, conditions, total, condition] of [
      [march, "", "2 954 kr", "Betala på hotellet"],
      [march, "villkor=frukost", "4 770 kr", "Gratis avbokning till 10 mars"],
      [july, "", "3 300 kr", "Frukost ingår"],
    ] as const) {
      const extra = stayQuery(stay, conditions);
      const hotelPage = await page(`${HOTEL}?${extra}`);
      expect(offerRows(hotelPage.html)[0]).toContain(`${total} inkl. skatter och avgifter`);
      const { text, html } = await page(compare(extra));
      const cell = visibleText(/<th[^>]*scope="row"[^>]*>Lägsta pris<\/th>([\s\S]*?)<\/tr>/.exec(html)?.[1] ?? "");
      expect(cell, extra).toContain(`${total} inkl. skatter och avgifter, för ${stay === july ? 2 : 3} nätter, 2 vuxna, 1 rum`);
      expect(cell, extra).toContain(condition);
      expect(cell, extra).toContain("Inga lediga rum för dina datum");
      expect(text).toContain("Priserna är totalpris för");
      // The booking button goes to the same offer as the hotel page's.
      const button = /<a href="(\/redirect\?[^"]*)"[^>]*>Till /.exec(html)?.[1];
      expect(new URL(unescapeAttribute(button ?? ""), "http://x").searchParams.get("to")).toBe(bookingTarget(hotelPage.html));
    }
  });

  it("notes the conversion of a euro price", async () => {
    const { text } = await page(compare(stayQuery(march)));
    expect(text).toContain("Omräknat till kronor med ECB:s kurs den 26 november 2026");
  });
});
