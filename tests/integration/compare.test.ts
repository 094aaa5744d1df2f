/**
 * The compare page /jamfor over HTTP: hotels, dated prices and undated lead-in offers made here
 * by the factories (the app seeds nothing), the table with the cheapest offer for the stay, what is left out
 * with a note, the guidance page below two hotels, noindex, and odd addresses that must never be
 * a 500. tests/integration/hotel-prices.test.ts proves the page agrees with the hotel page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { formatSek } from "#app/utils/money.ts";
import { Browser, startTestApp, visibleText, type TestApp } from "#tests/app-server.ts";
import { createHotels, createOffers, createPartner, createRates } from "#tests/factories.ts";

let app: TestApp;
let browser: Browser;
const ids: Record<"harbour" | "mountain" | "noOffers" | "fourth" | "fifth", string> = {
  harbour: "",
  mountain: "",
  noOffers: "",
  fourth: "",
  fifth: "",
};
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const checkIn = addDays(todayInSweden(), 10);
const checkOut = addDays(checkIn, 3);

/** A price as visibleText() reads it (its non-breaking spaces as plain ones). */
const formatPrice = (amount: number) => formatSek(amount).replace(/\s/g, " ");
/** Attribute values as the browser reads them. */
const unescape = (html: string) => html.replace(/&amp;/g, "&").replace(/&quot;/g, '"');
const compare = (hotels: string[], extra = "") =>
  `/jamfor?${hotels.map((id) => `hotell=${encodeURIComponent(id)}`).join("&")}${extra ? `&${extra}` : ""}`;

beforeAll(async () => {
  app = await startTestApp();
  browser = new Browser(app.origin);
  const db = await app.db();
  await createPartner(db, { id: "testresor", name: "Testresor", host: "testresor.example" });
  await createPartner(db, { id: "provbadd", name: "Provbädd", host: "provbadd.example" });
  [ids.harbour, ids.mountain, ids.noOffers, ids.fourth, ids.fifth] = (
    await createHotels(db, [
      {
        hotel_id: "JAMFOR-1",
        name: "Hamnhotellet",
        country: "Sweden",
        location: "Gothenburg",
        star_rating: 4,
        rating: 8.6,
        review_count: 120,
        amenities: ["Wifi", "Frukost"],
      },
      {
        hotel_id: "JAMFOR-2",
        name: "Fjällgården",
        country: "Sweden",
        location: "Åre",
        star_rating: 3,
        rating: 7.9,
        amenities: ["Wifi", "Bastu"],
      },
      { hotel_id: "JAMFOR-3", name: "Prislösa Pensionatet", country: "Denmark", location: "Copenhagen", star_rating: null, rating: null },
      { hotel_id: "JAMFOR-4", name: "Fjärde Hotellet", country: "Sweden", location: "Malmö", star_rating: null, rating: null },
      { hotel_id: "JAMFOR-5", name: "Femte Hotellet", country: "Sweden", location: "Malmö", star_rating: null, rating: null },
    ])
  ).map((hotel) => hotel.id) as [string, string, string, string, string];
  const offers = [
    ["JAMFOR-1", ids.harbour, "testresor", 1200, "https://testresor.example/hamn"],
    ["JAMFOR-1", ids.harbour, "provbadd", 1100, "https://provbadd.example/hamn"],
    ["JAMFOR-2", ids.mountain, "testresor", 950, "https://testresor.example/fjall"],
  ] as const;
  await createOffers(
    db,
    offers.map(([, hotelId, partnerId, pricePerNight, landingUrl]) => ({ hotelId, partnerId, pricePerNight, landingUrl })),
  );
  // The same prices for the stay's nights, for two adults a room.
  for (const [hotel, , partner, base, landingUrl] of offers) {
    await createRates(db, { hotel, partner, from: checkIn, nights: 3, base, landingUrl });
  }
});
afterAll(async () => {
  await app?.close();
});

describe("three hotels", () => {
  let html = "";
  let text = "";
  let response: Response;
  beforeAll(async () => {
    response = await browser.get(
      compare([ids.harbour, ids.mountain, ids.noOffers], `incheckning=${checkIn}&utcheckning=${checkOut}&vuxna=3&rum=2`),
    );
    html = await response.text();
    text = visibleText(html);
  });

  it("is a table with a caption, a column per hotel in the order asked and row headers", () => {
    expect(response.status).toBe(200);
    expect(html).toMatch(/<table[\s\S]*<caption/);
    const columns = [...html.matchAll(/<th[^>]*scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((match) => visibleText(match[1]!).trim());
    expect(columns).toEqual(["Hamnhotellet", "Fjällgården", "Prislösa Pensionatet"]);
    for (const header of ["Bild", "Lägsta pris", "Stjärnor", "Gästbetyg", "Plats", "Wifi", "Frukost", "Bastu"]) {
      expect(html).toMatch(new RegExp(`<th[^>]*scope="row"[^>]*>[\\s\\S]{0,400}?${header}`));
    }
    // Swedish place names.
    expect(text).toContain("Göteborg, Sverige");
    expect(text).toContain("Köpenhamn, Danmark");
  });

  it("shows the cheapest offer's stay total, the average per night and how many sites", () => {
    // 1 100 kr a night × 3 nights × 2 rooms.
    expect(text).toContain(`${formatPrice(6600)} inkl. skatter och avgifter, för 3 nätter, 3 vuxna, 2 rum`);
    expect(text).toContain(`${formatPrice(2200)} / natt i snitt`);
    expect(text).toContain("hos 2 sajter");
    expect(text).toContain(`${formatPrice(5700)} inkl. skatter och avgifter, för 3 nätter`);
    expect(text).toContain("hos 1 sajt");
    expect(text).toContain("Inga lediga rum för dina datum");
    // The lowest price of the comparison is marked in words.
    expect(text).toContain("hos 1 sajt Lägst pris i jämförelsen");
    expect(text).not.toContain(formatPrice(1200));
  });

  it("books the cheapest offer through /redirect with the stay, or shows the hotel", () => {
    const links = [...html.matchAll(/<a[^>]*href="(\/redirect\?[^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({
      href: new URL(unescape(match[1]!), app.origin),
      text: visibleText(match[2]!).trim(),
    }));
    expect(links.map((link) => link.text)).toEqual(["Till Provbädd : Hamnhotellet", "Till Testresor : Fjällgården"]);
    const first = links[0]!.href.searchParams;
    expect(first.get("to")).toBe("https://provbadd.example/hamn");
    expect(first.get("source")).toBe("compare");
    expect(first.get("hotel")).toBe("hamnhotellet");
    expect([first.get("incheckning"), first.get("utcheckning"), first.get("vuxna"), first.get("rum")]).toEqual([
      checkIn,
      checkOut,
      "3",
      "2",
    ]);
    expect(text).toContain("Visa hotell : Prislösa Pensionatet");
    // Hotel pages keep the stay.
    expect(unescape(html)).toContain(`href="/Sweden/Gothenburg/hamnhotellet?incheckning=${checkIn}&utcheckning=${checkOut}&vuxna=3&rum=2"`);
  });

  it("shows amenities as text, not colour alone", () => {
    const row = html.match(/<tr[^>]*>(?:(?!<\/tr>)[\s\S])*?Bastu[\s\S]*?<\/tr>/)?.[0] ?? "";
    expect(visibleText(row).replace(/\s+/g, " ").trim()).toBe("Bastu Nej Ja Nej");
  });

  it("removes a column with a link to the same page without it", () => {
    expect(unescape(html)).toContain(
      `href="/jamfor?hotell=${ids.harbour}&hotell=${ids.noOffers}&incheckning=${checkIn}&utcheckning=${checkOut}&vuxna=3&rum=2"`,
    );
    expect(text).toContain("Ta bort Fjällgården från jämförelsen");
  });

  it("changes dates with a plain GET form that keeps the hotels", () => {
    const form = html.match(/<form[^>]*action="\/jamfor"[\s\S]*?<\/form>/)?.[0] ?? "";
    expect(form).toMatch(/method="get"/);
    for (const id of [ids.harbour, ids.mountain, ids.noOffers]) expect(form).toContain(`type="hidden" name="hotell" value="${id}"`);
    expect(form).toMatch(/type="date"[^>]*name="incheckning"[^>]*value="[\d-]+"/);
    const input = (name: string) => form.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
    for (const [name, value, max] of [
      ["vuxna", "3", "30"],
      ["rum", "2", "9"],
    ] as const) {
      expect(input(name)).toContain('type="number"');
      expect(input(name)).toContain(`value="${value}"`);
      expect(input(name)).toContain('min="1"');
      expect(input(name)).toContain(`max="${max}"`);
    }
  });

  it("is not indexed", () => {
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).toMatch(/<title>Jämför hotell \| /);
  });
});

describe("what is left out", () => {
  it("drops unknown and malformed ids with a note", async () => {
    const response = await browser.get(compare([ids.harbour, "inte-ett-id", UNKNOWN, ids.mountain, "'; drop table hotels; --"]));
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("2 hotellkoder i adressen gick inte att läsa och har hoppats över.");
    expect(text).toContain("1 hotell finns inte längre och har tagits bort från jämförelsen.");
    expect(text).toContain("2 hotell jämförda");
  });

  it("compares at most four, with a note", async () => {
    const response = await browser.get(compare([ids.fifth, ids.fourth, ids.noOffers, ids.mountain, ids.harbour]));
    const html = await response.text();
    expect(visibleText(html)).toContain("Du kan jämföra högst 4 hotell åt gången. Du valde 5, så vi visar de 4 första.");
    expect([...html.matchAll(/scope="col"/g)]).toHaveLength(4);
    expect(html).not.toContain("Hamnhotellet");
  });

  it("notes dates it cannot use and still compares", async () => {
    const response = await browser.get(compare([ids.harbour, ids.mountain], "incheckning=2020-01-01&utcheckning=2020-01-03"));
    const text = visibleText(await response.text());
    expect(text).toContain("Incheckningen 2020-01-01 har redan varit");
    expect(text).toContain(`från ${formatPrice(1100)} / natt`);
    expect(text).not.toContain("inkl. skatter och avgifter, för");
  });
});

describe("fewer than two hotels", () => {
  it("explains how to choose hotels, with a link to the lists", async () => {
    for (const path of ["/jamfor", compare([ids.harbour]), compare([UNKNOWN, UNKNOWN.replace(/0$/, "1")])]) {
      const response = await browser.get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      const html = await response.text();
      expect(html).not.toContain("<table");
      expect(visibleText(html)).toContain("Välj minst två hotell att jämföra");
      expect(visibleText(html)).toContain("Jämför");
      expect(html).toContain('href="/hotels"');
    }
    const one = visibleText(await (await browser.get(compare([ids.mountain, "x"]))).text());
    expect(one).toContain("Du har valt Fjällgården");
  });
});

describe("odd addresses", () => {
  it("never answer 500", async () => {
    const many = Array.from({ length: 300 }, (_, index) => `hotell=${index % 2 ? ids.harbour : "x".repeat(30)}`).join("&");
    const paths = [
      `/jamfor?${many}`,
      `/jamfor?hotell=${"a".repeat(5000)}&hotell=${ids.harbour}`,
      `/jamfor?hotell=%00&hotell=${ids.harbour}%0A&hotell=%1F${ids.mountain}`,
      `/jamfor?hotell=%FF%FE&hotell[]=${ids.harbour}&hotell=${ids.mountain}`,
      `/jamfor?hotell=${ids.harbour}&hotell=${ids.mountain}&incheckning=%00&utcheckning=9999-99-99&vuxna=1e9&rum=NaN`,
      `/jamfor?hotell=${ids.harbour}&hotell=${ids.mountain}&incheckning=${checkIn}&utcheckning=${addDays(checkIn, 400)}&vuxna=-1&rum=99`,
      `/jamfor?hotell=${encodeURIComponent("<script>alert(1)</script>")}&hotell=${ids.mountain}`,
    ];
    for (const path of paths) {
      const response = await browser.get(path);
      expect(response.status, path.slice(0, 120)).toBeLessThan(500);
      const html = await response.text();
      expect(html).not.toContain("<script>alert(1)</script>");
    }
  });
});
