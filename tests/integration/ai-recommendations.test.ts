/**
 * The local AI engine on a fixed catalogue: a table of Swedish and English requests with
 * the hotels each must and must not name. Every answer may only name catalogue hotels, names
 * 3–5 of them when that many fit, and links each name to its page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftBlogPost, recommendHotels } from "#app/ai/service.server.ts";
import { createLocalEngine } from "#app/ai/local-engine.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { amenityKeys } from "#app/hotels/hotel-record.ts";
import { testDatabases } from "#tests/db.ts";
import { createPartner, createRates } from "#tests/factories.ts";
import { refreshLeadPrices, listStayPrices } from "#app/prices/stay-prices.server.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { conditionsMask } from "#app/prices/conditions.ts";
import { cardPriceText } from "#app/prices/list-price-text.ts";
import { priceDisplay } from "#app/utils/money.ts";

type Row = [
  id: string,
  name: string,
  location: string,
  country: string,
  stars: number | null,
  rating: number,
  price: number,
  amenities: string[],
];

const CATALOGUE: Row[] = [
  ["S1", "Stockholm Pool Palace", "Stockholm", "Sweden", 5, 9.1, 3200, ["Indoor pool", "Spa", "Breakfast included", "Free WiFi", "Gym"]],
  ["S2", "Gamla Stan Budget Inn", "Stockholm", "Sweden", 2, 7.2, 650, ["Free WiFi"]],
  ["S3", "Södermalm Family Hotel", "Stockholm", "Sweden", 3, 8.4, 1290, ["Family rooms", "Breakfast included", "Parking"]],
  ["S4", "Norrmalm Business Hotel", "Stockholm", "Sweden", 4, 8.8, 1890, ["Meeting rooms", "Free WiFi", "Gym", "Breakfast included"]],
  ["S5", "Östermalm Pet Lodge", "Stockholm", "Sweden", 3, 7.9, 1100, ["Pet friendly", "Parking"]],
  ["G1", "Haga Harbour Hotel", "Gothenburg", "Sweden", 4, 8.6, 1450, ["Sea view", "Restaurant", "Bar"]],
  ["G2", "Lindholmen Park Hotel", "Gothenburg", "Sweden", 3, 8.1, 990, ["Parking", "EV charging", "Free WiFi"]],
  ["M1", "Västra Hamnen Spa Hotel", "Malmö", "Sweden", 4, 8.9, 1690, ["Spa", "Sauna", "Indoor pool"]],
  ["M2", "Möllan Hostel Hotel", "Malmö", "Sweden", 2, 6.9, 540, ["Kitchenette"]],
  ["A1", "Åre Fjällhotell", "Åre", "Sweden", 4, 9.0, 2100, ["Sauna", "Restaurant", "Parking"]],
  ["O1", "Aker Brygge Waterfront", "Oslo", "Norway", 5, 9.3, 3900, ["Sea view", "Spa", "Restaurant"]],
  ["O2", "Grünerløkka Budget Rooms", "Oslo", "Norway", 2, 7.0, 700, ["Free WiFi"]],
  ["C1", "Nyhavn Boutique Hotel", "Copenhagen", "Denmark", 4, 8.7, 2300, ["Breakfast included", "Bar"]],
  ["C2", "Vesterbro Bike Hotel", "Copenhagen", "Denmark", 3, 8.0, 1200, ["Bicycle rental", "Free WiFi"]],
  ["P1", "Montmartre Romance Hotel", "Paris", "France", 4, 8.5, 2600, ["Rooftop terrace", "Breakfast included"]],
  ["P2", "Marais Cheap Sleep", "Paris", "France", 1, 6.2, 600, []],
  ["N1", "Promenade Sea Hotel", "Nice", "France", 4, 8.4, 2200, ["Sea view", "Outdoor swimming pool"]],
  ["NY1", "Midtown Tower Hotel", "New York", "United States", 4, 8.2, 3500, ["Gym", "Air conditioning"]],
  ["NY2", "Brooklyn Loft Hotel", "New York", "United States", 3, 8.0, 2400, ["Pet friendly", "Kitchenette"]],
  ["T1", "Shinjuku Sky Hotel", "Tokyo", "Japan", 5, 9.2, 4100, ["Spa", "Gym", "Restaurant"]],
  ["T2", "Asakusa Capsule Stay", "Tokyo", "Japan", 1, 7.5, 450, ["Free WiFi"]],
  ["H1", "Kamppi Sauna Hotel", "Helsinki", "Finland", 3, 8.3, 1300, ["Sauna", "Breakfast included"]],
  ["R1", "Trastevere Terrace Hotel", "Rome", "Italy", 4, 8.6, 1900, ["Rooftop terrace", "Bar"]],
  ["B1", "Barceloneta Beach Hotel", "Barcelona", "Spain", 4, 8.5, 2000, ["Outdoor swimming pool", "Sea view", "Airport shuttle"]],
  ["MU1", "Schwabing Accessible Hotel", "Munich", "Germany", 3, 8.2, 1400, ["Wheelchair accessible", "Parking"]],
];

const NAME = Object.fromEntries(CATALOGUE.map((row) => [row[0], row[1]]));
const ALL_NAMES = new Set(CATALOGUE.map((row) => row[1]));

interface Case {
  request: string;
  preferences?: string;
  must: string[];
  mustNot?: string[];
  /** The hotel that must come first. */
  first?: string;
  /** Text the answer must contain. */
  says?: string | string[];
  /** Text the answer must not contain. */
  saysNot?: string[];
  /** Text no hotel's line may contain (what those hotels do not have). */
  linesNot?: string[];
}

const CASES: Case[] = [
  { request: "hotell i Stockholm med pool", must: ["S1"], mustNot: ["O1", "T1", "M1"], first: "S1" },
  { request: "Billigt hotell i Stockholm", must: ["S2"], mustNot: ["O2", "M2", "T2"], first: "S2" },
  { request: "lyxhotell i Stockholm", must: ["S1"], mustNot: ["O1"], first: "S1" },
  { request: "fyrstjärnigt hotell i Göteborg", must: ["G1"], mustNot: ["G2", "S4"] },
  { request: "hotel in Gothenburg with parking", must: ["G2"], mustNot: ["S3", "S5"], first: "G2" },
  { request: "4 stjärnor i Malmö", must: ["M1"], mustNot: ["M2"] },
  { request: "spa i Malmö", must: ["M1"], mustNot: ["S1", "O1"], first: "M1" },
  { request: "Hotell i Åre med bastu", must: ["A1"], mustNot: ["H1", "M1"], first: "A1" },
  { request: "Which hotels are good in Oslo?", must: ["O1", "O2"], mustNot: ["A1"] },
  { request: "cheap hotel in Oslo", must: ["O2"], mustNot: ["S2", "T2"], first: "O2" },
  { request: "Hotell i Köpenhamn med frukost", must: ["C1"], mustNot: ["P1", "S1"], first: "C1" },
  { request: "hotell i Paris med takterrass", must: ["P1"], mustNot: ["R1"], first: "P1" },
  { request: "a nice hotel in Paris", must: ["P1", "P2"], mustNot: ["N1"] },
  { request: "Hotell i Nice med havsutsikt", must: ["N1"], mustNot: ["O1", "G1", "B1"], first: "N1" },
  { request: "New York hotel with gym", must: ["NY1"], mustNot: ["T1", "S4"], first: "NY1" },
  { request: "hundvänligt hotell i New York", must: ["NY2"], mustNot: ["S5"], first: "NY2" },
  { request: "Tokyo 5 stars", must: ["T1"], mustNot: ["T2"] },
  { request: "budget i Tokyo", must: ["T2"], first: "T2" },
  { request: "Helsingfors, gärna med bastu", must: ["H1"], mustNot: ["A1", "M1"] },
  { request: "hotell i Rom", must: ["R1"], mustNot: ["P1"] },
  { request: "Barcelona med pool", must: ["B1"], mustNot: ["N1", "S1"] },
  { request: "flygplatstransfer i Barcelona", must: ["B1"], first: "B1" },
  { request: "München, rullstolsanpassat", must: ["MU1"], mustNot: ["S3"] },
  { request: "femstjärnigt hotell i Norge", must: ["O1"], mustNot: ["O2", "S1", "T1"] },
  { request: "hotell i Sverige där husdjur är välkomna", must: ["S5"], mustNot: ["NY2"], first: "S5" },
  { request: "family hotel in Sweden", must: ["S3"], mustNot: ["NY2"], first: "S3" },
  { request: "konferenshotell i Stockholm", must: ["S4"], first: "S4" },
  { request: "Stockholm under 800 kr", must: ["S2"], mustNot: ["S1", "S4", "S3"] },
  { request: "lyx i Japan", must: ["T1"], first: "T1" },
  { request: "hotell i Danmark", must: ["C1", "C2"], mustNot: ["S1", "O1"] },
  { request: "hotell med spa", must: ["S1", "M1", "O1", "T1"], mustNot: ["S2", "P2"] },
  { request: "Stockholm 5 stjärnor med pool och gym", must: ["S1"], mustNot: ["S4", "S2"] },
  { request: "5 stjärnor i Göteborg", must: ["G1", "G2"], says: "har 5 stjärnor eller fler" },
  { request: "Hotell i Oslo under 500 kr", must: ["O1", "O2"], says: "kostar under" },
  { request: "Åre hotel for skiing", must: ["A1"], first: "A1" },
  { request: "hotell", preferences: "i Stockholm med frukost", must: ["S1", "S3", "S4"], mustNot: ["C1", "P1"] },
  { request: "I want a quiet place to sleep", must: [], says: "Berätta gärna vart du ska resa" },
  { request: "three star hotel in Copenhagen", must: ["C2", "C1"], mustNot: ["S3"] },
  // Places and countries are written with their Swedish names, whatever the visitor typed.
  {
    request: "hotel in Gothenburg with parking",
    must: ["G2"],
    says: ["Lindholmen Park Hotel (Göteborg, Sverige)", "i Göteborg"],
    saysNot: ["Gothenburg", "Sweden"],
  },
  {
    request: "hotell i Köpenhamn med frukost",
    must: ["C1"],
    mustNot: ["P1", "S1", "S3"],
    first: "C1",
    says: "Nyhavn Boutique Hotel (Köpenhamn, Danmark)",
    saysNot: ["Copenhagen", "Denmark"],
  },
  { request: "hotels in Norway", must: ["O1", "O2"], says: ["i Norge", "(Oslo, Norge)"], saysNot: ["Norway"] },
  // No hotel in Göteborg has breakfast: said plainly, and no hotel is said to have it.
  {
    request: "hotell i Göteborg med frukost",
    must: ["G1", "G2"],
    mustNot: ["S1", "C1"],
    says: ["Inget av hotellen i Göteborg har frukost angiven.", "som kommer närmast det du söker"],
    saysNot: ["Gothenburg", "hotell i Göteborg med frukost som passar"],
    linesNot: ["frukost"],
  },
  {
    request: "hotell i Göteborg med frukost och gym",
    must: ["G1", "G2"],
    says: "Inget av hotellen i Göteborg har frukost angiven och inget har gym angivet.",
    linesNot: ["frukost", "gym"],
  },
  // Some hotels have it, not all: the others are marked as lacking it.
  {
    request: "hotell i Oslo med spa och bastu",
    must: ["O1"],
    says: "Inget av hotellen i Oslo har bastu angiven.",
    linesNot: ["Har bastu"],
  },
];

// PGlite only: the engine's choice of hotels is the subject, not the query that reads the catalogue.
describe.each(testDatabases({ postgres: false }))("local AI engine on $name", ({ open }) => {
  let handle: DatabaseHandle;
  const engine = createLocalEngine();
  const results: boolean[] = [];

  beforeAll(async () => {
    handle = await open();
    await handle.db
      .insertInto("hotels")
      .values(
        CATALOGUE.map(([hotel_id, name, location, country, star_rating, rating, price_amount, amenities]) => ({
          hotel_id,
          name,
          location,
          country,
          star_rating,
          rating,
          price_amount,
          price_currency: "SEK",
          amenities: JSON.stringify(amenities),
          // As every write of hotels stores them: what a hotel has is read from these keys.
          amenity_keys: amenityKeys(amenities),
          description: `${name} in ${location}.`,
        })),
      )
      .execute();
    // The prices the answers quote are the partners' (as on the cards), never the feed's price_amount.
    await createPartner(handle.db, { id: "testpartner" });
    const hotels = await handle.db.selectFrom("hotels").select(["id", "hotel_id"]).execute();
    const price = new Map(CATALOGUE.map((row) => [row[0], row[6]]));
    await handle.db
      .insertInto("hotel_offers")
      .values(
        hotels.map((hotel) => ({
          hotel_id: hotel.id,
          partner_id: "testpartner",
          price_per_night: price.get(hotel.hotel_id)!,
          landing_url: "https://testpartner.example/hotel",
          updated_at: new Date(),
        })),
      )
      .execute();
    await refreshLeadPrices(
      hotels.map((hotel) => hotel.id),
      undefined,
      handle.db,
    );
  });
  afterAll(async () => {
    console.log(`AI request table: ${results.filter(Boolean).length} of ${CASES.length} requests passed`);
    await handle?.close();
  });

  it.each(CASES)("$request", async (entry) => {
    let passed = false;
    try {
      const answer = await recommendHotels({ query: entry.request, preferences: entry.preferences ?? "" }, engine, handle.db);
      const named = answer.hotels.map((hotel) => hotel.name);
      for (const id of entry.must) expect(named, `${entry.request} must name ${NAME[id]}`).toContain(NAME[id]);
      for (const id of entry.mustNot ?? []) expect(named, `${entry.request} must not name ${NAME[id]}`).not.toContain(NAME[id]);
      if (entry.first) expect(named[0]).toBe(NAME[entry.first]);
      for (const text of [entry.says ?? []].flat()) expect(answer.text).toContain(text);
      for (const text of entry.saysNot ?? []) expect(answer.text).not.toContain(text);
      const hotelLines = answer.text.split("\n").filter((line) => /^\d+\. /.test(line));
      for (const text of entry.linesNot ?? []) for (const line of hotelLines) expect(line.toLowerCase()).not.toContain(text.toLowerCase());
      // Grounded: only catalogue hotels, each named in the text and linked to its page.
      for (const hotel of answer.hotels) {
        expect(ALL_NAMES.has(hotel.name)).toBe(true);
        expect(answer.text).toContain(hotel.name);
        expect(hotel.path).toMatch(/^\/[^/]+\/[^/]+\/[^/]+$/);
      }
      // Every numbered line names a hotel of the list, in order.
      const numbered = answer.text.split("\n").filter((line) => /^\d+\. /.test(line));
      expect(numbered).toHaveLength(answer.hotels.length);
      numbered.forEach((line, index) => expect(line.startsWith(`${index + 1}. ${answer.hotels[index]!.name} (`)).toBe(true));
      expect(answer.hotels.length).toBeLessThanOrEqual(5);
      passed = true;
    } finally {
      results.push(passed);
    }
  });

  it("names 3 to 5 hotels when the catalogue has that many that fit", async () => {
    for (const query of ["hotell i Stockholm", "hotell i Sverige", "hotels with breakfast", "vad som helst"]) {
      const answer = await recommendHotels({ query, preferences: "" }, engine, handle.db);
      expect(answer.hotels.length, query).toBeGreaterThanOrEqual(3);
      expect(answer.hotels.length, query).toBeLessThanOrEqual(5);
    }
  });

  it("drafts a blog post with Swedish place names that promises nothing its hotels lack", async () => {
    const draft = await draftBlogPost({ topic: "", instructions: "hotell i Göteborg med frukost" }, engine, handle.db);
    expect(draft.title).toBe("2 hotell i Göteborg värda att boka");
    const texts = draft.blocks.flatMap((block) =>
      "content" in block ? [block.content] : block.type === "list" ? block.items : block.type === "button" ? [block.text] : [],
    );
    const all = [draft.title, draft.excerpt, ...texts].join("\n");
    expect(all).toContain("Inget av hotellen i Göteborg har frukost angiven.");
    expect(all).toContain("Haga Harbour Hotel ligger i Göteborg, Sverige");
    expect(all).toContain("Se alla hotell i Göteborg");
    expect(all).not.toMatch(/Gothenburg|Sweden/);
    expect(draft.excerpt).not.toContain("frukost");
  });

  it("drafts a post about what the brief names, with hotels only where they fit", async () => {
    const texts = (draft: Awaited<ReturnType<typeof draftBlogPost>>) =>
      draft.blocks.flatMap((block) =>
        "content" in block ? [block.content] : block.type === "list" ? block.items : block.type === "button" ? [block.text] : [],
      );
    const headings = (draft: Awaited<ReturnType<typeof draftBlogPost>>) =>
      draft.blocks.flatMap((block) => (block.type === "heading" ? [block.content] : []));

    const draft = await draftBlogPost({ topic: "", instructions: "Skriv om stränder och parker i Göteborg" }, engine, handle.db);
    expect(draft.title).toBe("Stränder och parker i Göteborg");
    expect(headings(draft)).toEqual(["Stränder i Göteborg", "Parker i Göteborg"]);
    const all = [draft.title, draft.excerpt, ...texts(draft)].join("\n");
    // The hotel with sea view fits the beaches; the one with "Park" in its name is no park.
    expect(all).toContain("Ett hotell som passar: Haga Harbour Hotel, med havsutsikt.");
    expect(all).not.toContain("Lindholmen Park Hotel");
    expect(all).not.toMatch(/värda att boka|Bra att veta innan du bokar|Gothenburg/);
    expect(draft.blocks.filter((block) => block.type === "button").map((block) => block.type === "button" && block.text)).toEqual([
      "Se alla hotell i Göteborg",
    ]);

    // Asked for a stay too, the hotels get a section of their own after the subjects.
    const stay = await draftBlogPost(
      { topic: "", instructions: "Skriv om stränder och parker i Göteborg och var man kan bo" },
      engine,
      handle.db,
    );
    expect(headings(stay)).toEqual(["Stränder i Göteborg", "Parker i Göteborg", "Hotell i Göteborg"]);
    expect(texts(stay).join("\n")).toContain("Lindholmen Park Hotel ligger i Göteborg, Sverige");
  });

  it("writes Swedish, with the reason for each hotel", async () => {
    const answer = await recommendHotels({ query: "hotell i Stockholm med pool och frukost", preferences: "" }, engine, handle.db);
    expect(answer.text).toMatch(/^Här är \d hotell i Stockholm/m);
    expect(answer.text).toContain("Stockholm Pool Palace (Stockholm, Sverige): 5 stjärnor, gästbetyg 9,1 av 10");
    expect(answer.text).toContain("Har pool och frukost.");
    expect(answer.text).toContain("Öppna ett hotell för bilder, karta och bokning.");
  });
});

/** Intl writes Swedish amounts with no-break spaces; compare as a visitor reads them. */
const read = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

// Both databases: the prices are read by the SQL of the stay-price migration.
describe.each(testDatabases())("the AI box quotes the cards' prices on $name", ({ open }) => {
  let handle: DatabaseHandle;
  const engine = createLocalEngine();
  const ids = new Map<string, string>();
  const checkIn = addDays(todayInSweden(), 20);
  const stay = { checkIn, checkOut: addDays(checkIn, 3), adults: 2, rooms: 1 };

  beforeAll(async () => {
    handle = await open();
    const rows = await handle.db
      .insertInto("hotels")
      .values(
        [
          ["K1", "Kajen Hotell", 4, 9.0],
          ["K2", "Kvarnen Hotell", 3, 8.0],
          ["K3", "Kyrkan Hotell", 3, 7.0],
        ].map(([hotel_id, name, star_rating, rating]) => ({
          hotel_id: String(hotel_id),
          name: String(name),
          location: "Gothenburg",
          country: "Sweden",
          star_rating: Number(star_rating),
          rating: Number(rating),
          // The hotel feed's own price, which no answer may quote.
          price_amount: 777,
          price_currency: "SEK",
          amenities: "[]",
          amenity_keys: [],
        })),
      )
      .returning(["id", "hotel_id"])
      .execute();
    for (const row of rows) ids.set(row.hotel_id, row.id);
    const from = todayInSweden();
    // K1: breakfast costs more at one partner, the other is cheaper without it.
    await createRates(handle.db, { hotel: "K1", partner: "alfa", base: 1200, tax: 144, fees: 40, from, nights: 40 });
    await createRates(handle.db, { hotel: "K1", partner: "beta", base: 1390, tax: 150, breakfast: true, from, nights: 40 });
    // K2: a tax-heavy EUR-free price; K3: only without breakfast, and not for the stay's last night.
    await createRates(handle.db, {
      hotel: "K2",
      partner: "alfa",
      base: 900,
      tax: 108,
      fees: 25,
      breakfast: true,
      from,
      nights: 40,
    });
    await createRates(handle.db, { hotel: "K3", partner: "beta", base: 700, tax: 84, from, nights: 22 });
    await refreshLeadPrices([...ids.values()], undefined, handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** The amount each numbered line of the answer quotes, by hotel name. */
  const quoted = (text: string) =>
    new Map(
      read(text)
        .split("\n")
        .filter((line) => /^\d+\. /.test(line))
        .map((line) => [line.replace(/^\d+\. /, "").split(" (")[0]!, line]),
    );

  it("without dates: the lead price per night the cards show (hotels.offer_price), never price_amount", async () => {
    const answer = await recommendHotels({ query: "hotell i Göteborg", preferences: "" }, engine, handle.db);
    const lines = quoted(answer.text);
    expect([...lines.keys()].sort()).toEqual(["Kajen Hotell", "Kvarnen Hotell", "Kyrkan Hotell"]);
    const hotels = await handle.db.selectFrom("hotels").select(["name", "offer_price", "offer_count"]).execute();
    for (const hotel of hotels) {
      const card = cardPriceText({ kind: "lead", amountSek: Number(hotel.offer_price), nights: null, partners: hotel.offer_count }, false);
      expect(card.kind).toBe("lead");
      expect(lines.get(hotel.name!)).toContain(`från ${read(card.kind === "lead" ? card.amount : "")} / natt`);
      expect(lines.get(hotel.name!)).not.toContain("777");
    }
    expect(lines.get("Kajen Hotell")).toContain("från 1 384 kr / natt");
  });

  it("with the visitor's stay and conditions: the stay's shown price, as listStayPrices gives the cards", async () => {
    const wanted = conditionsMask(["frukost"]);
    const answer = await recommendHotels({ query: "hotell i Göteborg", preferences: "" }, engine, handle.db, {
      stay,
      conditions: wanted,
      currency: "SEK",
    });
    const lines = quoted(answer.text);
    const prices = await listStayPrices([...ids.values()], stay, wanted, handle.db);
    for (const [hotelId, name] of [
      ["K1", "Kajen Hotell"],
      ["K2", "Kvarnen Hotell"],
    ] as const) {
      const shown = prices.get(ids.get(hotelId)!)!;
      const card = cardPriceText({ kind: "stay", amountSek: shown.totalSek, nights: 3, partners: shown.partners }, false);
      expect(card.kind === "stay" && `${read(card.amount)} ${card.terms}`).toBeTruthy();
      expect(lines.get(name)).toContain(card.kind === "stay" ? `${read(card.amount)} ${card.terms}` : "");
    }
    // With breakfast K1 is beta's 3 × 1 540 kr, not alfa's cheaper stay without it.
    expect(lines.get("Kajen Hotell")).toContain("4 620 kr för 3 nätter, inkl. skatter och avgifter");
    expect(lines.get("Kvarnen Hotell")).toContain("3 099 kr för 3 nätter, inkl. skatter och avgifter");
    // K3 has no breakfast offer: no price, and last, as on the list.
    expect(lines.get("Kyrkan Hotell")).toContain("inga lediga rum för dina datum");
    expect([...lines.keys()].at(-1)).toBe("Kyrkan Hotell");
  });

  it("applies the price ceiling to the same price: per night without dates, the stay's per-night average with them", async () => {
    const lead = await recommendHotels({ query: "hotell i Göteborg under 1 100 kr", preferences: "" }, engine, handle.db);
    expect(lead.hotels.map((hotel) => hotel.name).sort()).toEqual(["Kvarnen Hotell", "Kyrkan Hotell"]);
    const dated = await recommendHotels({ query: "hotell i Göteborg under 1 100 kr", preferences: "" }, engine, handle.db, {
      stay,
      conditions: 0,
      currency: "SEK",
    });
    // Kyrkan cannot sell the third night: only Kvarnen (1 033 kr a night) is under the ceiling.
    expect(dated.hotels.map((hotel) => hotel.name)).toEqual(["Kvarnen Hotell"]);
  });

  it("quotes in the page's currency", async () => {
    await handle.db
      .insertInto("fx_rates")
      .values([{ rate_date: "2026-11-30", currency: "SEK", per_eur: 11 }])
      .execute();
    const answer = await recommendHotels({ query: "hotell i Göteborg", preferences: "" }, engine, handle.db, {
      stay,
      conditions: 0,
      currency: "EUR",
    });
    const prices = await listStayPrices([...ids.values()], stay, 0, handle.db);
    const display = priceDisplay("EUR", { date: "2026-11-30", perEur: new Map([["SEK", 11]]) });
    const card = cardPriceText({ kind: "stay", amountSek: prices.get(ids.get("K1")!)!.totalSek, nights: 3, partners: 2 }, false, display);
    expect(quoted(answer.text).get("Kajen Hotell")).toContain(card.kind === "stay" ? read(card.amount) : "-");
    expect(quoted(answer.text).get("Kajen Hotell")).toContain("€");
  });
});
