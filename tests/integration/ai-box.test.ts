/**
 * The AI box of /hotels over HTTP with the local engine: an ordinary form post answered in
 * the page (hotel names linked), the blank-query message, the honeypot and the rate limit
 * per client address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, startTestApp, visibleText, type TestApp } from "#tests/app-server.ts";
import { createRates } from "#tests/factories.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { listStayPrices, refreshLeadPrices } from "#app/prices/stay-prices.server.ts";
import { conditionsMask } from "#app/prices/conditions.ts";
import { cardPriceText } from "#app/prices/list-price-text.ts";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always" });
});
afterAll(async () => {
  await app?.close();
});

const ask = (browser: Browser, fields: Record<string, string>, path = "/hotels") =>
  browser.post(path, { intent: "ai-recommend", preferences: "", ...fields });

describe("the AI box on /hotels", () => {
  it("is on the page, closed, with labelled fields", async () => {
    const html = await (await new Browser(app.origin).get("/hotels")).text();
    expect(html).toMatch(/<details class="group[^"]*"><summary/);
    expect(html).toContain("Få hotellförslag med AI");
    expect(html).toMatch(/<label for="ai-query"[^>]*>Vad söker du\?<\/label>/);
    expect(html).toMatch(/<label for="ai-preferences"/);
  });

  it("answers a question in the page, with line breaks kept and the hotels linked to their pages", async () => {
    const response = await ask(
      new Browser(app.origin),
      { query: "fyrstjärnigt hotell i Stockholm med frukost", preferences: "nära centrum" },
      "/hotels?country=Sweden",
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<details open="" class="group/);
    const text = visibleText(html);
    expect(text).toContain("Våra förslag");
    expect(text).toMatch(/Här är [345] hotell i Stockholm med minst 4 stjärnor och frukost/);
    const answer = html.slice(html.indexOf('id="ai-answer-heading"'), html.indexOf("Förslagen bygger på"));
    const links = [...answer.matchAll(/<a [^>]*>/g)].filter((m) => m[0].includes('href="/Sweden/Stockholm/'));
    expect(links.length).toBeGreaterThanOrEqual(3);
    // What was typed stays in the form, and the list below is still the filtered list.
    expect(html).toContain(">fyrstjärnigt hotell i Stockholm med frukost</textarea>");
    expect(html).toContain('value="nära centrum"');
    expect(text).toContain("Hotell i Sverige");
  });

  it("asks for a question when it is blank", async () => {
    const response = await ask(new Browser(app.origin), { query: "   " });
    expect(response.status).toBe(400);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Önskemål saknas");
    expect(text).toContain("Vänligen ange vad du söker för typ av hotell");
    expect(html).toMatch(/id="ai-query"[^>]*aria-invalid="true"/);
  });

  it("gives robots the failure message without asking the engine", async () => {
    const response = await ask(new Browser(app.origin), { query: "spa i Malmö", website: "http://spam.example" });
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Kunde inte hämta rekommendationer. Försök igen senare.");
  });

  it("limits one client address to 20 questions in 10 minutes, answering 429 with Retry-After", async () => {
    const browser = new Browser(app.origin);
    for (let n = 1; n <= 20; n++) expect((await ask(browser, { query: `hotell nummer ${n}` })).status, `question ${n}`).toBe(200);
    const limited = await ask(browser, { query: "en till" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(visibleText(await limited.text())).toContain("Du har bett om många förslag på kort tid.");
    // Someone else is not affected.
    expect((await ask(new Browser(app.origin), { query: "hotell i Oslo" })).status).toBe(200);
  });
});

/** Intl writes Swedish amounts with no-break spaces; compare as a visitor reads them. */
const read = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the AI box's prices", () => {
  it("are the cards': the stay's shown price for the page's dates and conditions, posted with the page's address", async () => {
    const db = await app.db();
    const hotels = await db
      .selectFrom("hotels")
      .select(["id", "hotel_id", "name"])
      .where("location", "=", "Gothenburg")
      .orderBy("rating", "desc")
      .limit(4)
      .execute();
    const from = todayInSweden();
    // Each hotel: a cheap stay without breakfast at one partner, a dearer one with it at another.
    for (const [index, hotel] of hotels.entries()) {
      await createRates(db, { hotel: hotel.hotel_id, partner: "utan-frukost", base: 800 + index * 100, tax: 96, from, nights: 40 });
      await createRates(db, {
        hotel: hotel.hotel_id,
        partner: "med-frukost",
        base: 1100 + index * 100,
        tax: 132,
        fees: 30,
        breakfast: true,
        from,
        nights: 40,
      });
    }
    await refreshLeadPrices(
      hotels.map((hotel) => hotel.id),
      undefined,
      db,
    );
    const checkIn = addDays(from, 10);
    const stay = { checkIn, checkOut: addDays(checkIn, 2), adults: 2, rooms: 1 };
    const page = `/hotels?location=Gothenburg&incheckning=${stay.checkIn}&utcheckning=${stay.checkOut}&villkor=frukost`;

    // The box's form posts to the page's own address, stay and conditions included.
    const form = await (await new Browser(app.origin).get(page)).text();
    expect(form).toContain(`action="${page.replace(/&/g, "&amp;")}"`);

    const response = await ask(new Browser(app.origin), { query: "hotell i Göteborg" }, page);
    expect(response.status).toBe(200);
    const text = read(visibleText(await response.text()));
    const shown = await listStayPrices(
      hotels.map((hotel) => hotel.id),
      stay,
      conditionsMask(["frukost"]),
      db,
    );
    let checked = 0;
    for (const hotel of hotels) {
      const line = text.split(/(?=\d\. )/).find((part) => part.startsWith(`${hotel.name} (`, 3));
      if (!line) continue;
      const price = shown.get(hotel.id)!;
      const card = cardPriceText({ kind: "stay", amountSek: price.totalSek, nights: 2, partners: price.partners }, false);
      if (card.kind !== "stay") throw new Error("a stay price");
      expect(line).toContain(`${read(card.amount)} ${card.terms}`);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
    // Never the cheaper stay without breakfast (2 × (800 + 96) kr for the first).
    expect(text).not.toContain("1 792 kr");
  });
});
