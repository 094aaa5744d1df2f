/**
 * The back-office screens other than the hotel table, over HTTP as an administrator against
 * the demo catalogue: dashboard figures, AI Rewrite, Affiliate URLs, destinations, popular
 * locations, the sitemap generator and contact messages. Each write is checked in the
 * database and where the public site shows it. (Non-admins: admin-guards.test.ts.)
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotelPath } from "#app/utils/paths.ts";
import { Browser, signIn, startTestApp, TEST_ADMIN, unescapeAttribute, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always" });
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.db();
const text = async (path: string) => {
  const response = await admin.get(path);
  expect(response.status, path).toBe(200);
  return visibleText(await response.text());
};
const flashAfter = async (response: Response) => visibleText(await (await admin.follow(response)).text());

describe("dashboard", () => {
  const DAY = 86_400_000;
  /** '24 Nov' for the UTC day `daysAgo` days before today. */
  const dayLabel = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * DAY).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
  const dashboard = async (query = "") => {
    const response = await admin.get(`/admin${query}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    return { html, text: visibleText(html) };
  };
  /** The period choice's link to `days` days: a link, so it works without JavaScript. */
  const periodLink = (html: string, days: number) => {
    const link = new RegExp(`<a [^>]*>${days}(?:<!-- -->)? days</a>`).exec(html)?.[0];
    expect(link).toContain(`href="/admin?period=${days}#clicks"`);
    return link;
  };
  /** A host's line in "Clicks per partner host" (0 when it is not listed). */
  const hostClicks = (text: string, host: string) =>
    Number(new RegExp(`partner host, \\d+ days .*?${host.replace(/\./g, "\\.")} (\\d+)`).exec(text)?.[1] ?? 0);

  it("shows the catalogue figures, outbound clicks per day and per partner host for 7, 30 or 90 days, and the cards of existing screens", async () => {
    const database = await db();
    const hotel = await database.selectFrom("hotels").select(["hotel_id", "name"]).orderBy("hotel_id").executeTakeFirstOrThrow();
    const click = (daysAgo: number, target_host: string, source = "hotel-page") => ({
      hotel_id: hotel.hotel_id,
      source,
      target_host,
      clicked_at: new Date(Date.now() - daysAgo * DAY),
    });
    await database
      .insertInto("outbound_clicks")
      .values([
        click(0, "www.booking.com", "booking-sidebar"),
        click(2, "WWW.Booking.com", "booking-sidebar"),
        click(2, "hotellfynd.example"),
        click(20, "www.booking.com", "admin-panel"),
        click(40, "hotellfynd.example"),
        click(120, "www.booking.com"),
      ])
      .execute();

    // 30 days unless another period is asked for.
    for (const query of ["", "?period=30", "?period=1000"]) {
      const { html, text } = await dashboard(query);
      expect(text).toContain("Hotels in total 600");
      expect(text).toContain("Outbound clicks, 7 days 3");
      expect(text).toContain("Outbound clicks, 30 days 4");
      expect(text).toContain(`4 clicks, ${dayLabel(29)} to ${dayLabel(0)} (UTC dates)`);
      expect(text).toContain(`Top hotels, 30 days ${hotel.name} 4`);
      // Per host, whatever its case, not per source parameter.
      expect(text).toContain("Clicks per partner host, 30 days www.booking.com 3 hotellfynd.example 1");
      expect(text).not.toContain("booking-sidebar");
      expect(html).toContain('aria-label="Outbound clicks per day, last 30 days: 4 in all, most in one day 2"');
      expect(html.match(/<rect /g)).toHaveLength(3); // a bar for each day with clicks
      expect(periodLink(html, 30)).toContain('aria-current="page"');
      for (const card of ["Hotels", "AI Rewrite", "Affiliate URLs", "Popular Destinations", "Sitemap"]) expect(text).toContain(card);
    }

    const week = await dashboard("?period=7");
    expect(week.text).toContain(`3 clicks, ${dayLabel(6)} to ${dayLabel(0)} (UTC dates)`);
    expect(week.text).toContain("Clicks per partner host, 7 days www.booking.com 2 hotellfynd.example 1");
    expect(week.html).toContain('aria-label="Outbound clicks per day, last 7 days: 3 in all, most in one day 2"');
    expect(periodLink(week.html, 7)).toContain('aria-current="page"');
    expect(periodLink(week.html, 30)).not.toContain("aria-current");
    // The same figures in a table: a row a day.
    expect(week.html.match(/<th scope="row"[^>]*><time dateTime=/g)).toHaveLength(7);
    expect(week.text).toContain(`${dayLabel(2)} 2 ${dayLabel(1)} 0 ${dayLabel(0)} 1`);

    const quarter = await dashboard("?period=90");
    expect(quarter.text).toContain(`5 clicks, ${dayLabel(89)} to ${dayLabel(0)} (UTC dates)`);
    expect(quarter.text).toContain("Clicks per partner host, 90 days www.booking.com 3 hotellfynd.example 2");
    expect(quarter.text).toContain("Outbound clicks, 30 days 4"); // the tiles keep their periods
    expect(quarter.html.match(/<th scope="row"[^>]*><time dateTime=/g)).toHaveLength(90);
  });

  it("counts a visitor's click through /redirect, not a crawler's or a signed-in administrator's", async () => {
    const { host } = await (
      await db()
    )
      .selectFrom("partners")
      .select("host")
      .where("active", "=", true)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const browserAgent = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
    const follow = async (browser: Browser, userAgent: string) => {
      const response = await browser.get(`/redirect?to=${encodeURIComponent(`https://${host}/hotel/42`)}&source=hotel-page`, {
        "User-Agent": userAgent,
      });
      expect(response.status).toBe(200);
      expect(visibleText(await response.text())).toContain("Du skickas vidare till");
    };
    const before = hostClicks((await dashboard("?period=7")).text, host);

    await follow(new Browser(app.origin), "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
    await follow(new Browser(app.origin), "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)");
    await follow(admin, browserAgent);
    expect(hostClicks((await dashboard("?period=7")).text, host)).toBe(before);

    await follow(new Browser(app.origin), browserAgent);
    const { text } = await dashboard("?period=7");
    expect(hostClicks(text, host)).toBe(before + 1);
    expect(text).toContain("Clicks by signed-in administrators and by crawlers are not counted.");
  });
});

describe("dashboard: the rewritten share", () => {
  it("counts hotels with a rewritten text, not flags", async () => {
    const database = await db();
    const hasText = sql<boolean>`coalesce(btrim(rewritten_text), '') <> ''`;
    const { texts, hotels } = await database
      .selectFrom("hotels")
      .select([sql<number>`(count(*) filter (where ${hasText}))::int`.as("texts"), sql<number>`count(*)::int`.as("hotels")])
      .executeTakeFirstOrThrow();
    const expected = `Description rewritten ${new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 0 }).format(texts / hotels)} ${texts} hotels`;
    expect(visibleText(await (await admin.get("/admin")).text())).toContain(expected);
    // Flags that lie (as a feed or an old release could leave them, with the trigger off) do not move the figure.
    await sql`alter table hotels disable trigger hotels_description_rewritten_follows_text`.execute(database);
    try {
      await database
        .updateTable("hotels")
        .set({ is_description_rewritten: true })
        .where("location", "=", "Kiruna")
        .where(sql<boolean>`not ${hasText}`)
        .execute();
      expect(visibleText(await (await admin.get("/admin")).text())).toContain(expected);
    } finally {
      await sql`alter table hotels enable trigger hotels_description_rewritten_follows_text`.execute(database);
      await database.updateTable("hotels").set({ is_description_rewritten: hasText }).where("location", "=", "Kiruna").execute();
    }
  });
});

describe("reverting a description", () => {
  it("asks first, then deletes the rewritten text so visitors read the original again", async () => {
    const database = await db();
    const hotel = await database
      .selectFrom("hotels")
      .select(["hotel_id", "name", "country", "location", "description", "rewritten_text", "slug"])
      .where("rewritten_text", "is not", null)
      .where("description", "is not", null)
      .where("location", "=", "Visby")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    const screen = `/admin/rewrite?hotel=${encodeURIComponent(hotel.hotel_id)}`;
    const page = await (await admin.get(screen)).text();
    expect(page).toContain(`href="${screen.replace("&", "&amp;")}&amp;revert=1"`);
    expect(visibleText(page)).toContain("Revert to original description");

    const question = await (await admin.get(`${screen}&revert=1`)).text();
    expect(question).toMatch(/role="alertdialog"/);
    expect(visibleText(question)).toContain("to its original description? The Swedish text is deleted");
    expect(question).toContain('name="confirm" value="yes"');

    // Not confirmed (an old page, a hand-made post): sent to the question, nothing changed.
    const unconfirmed = await admin.post(screen, { intent: "revert", hotel_id: hotel.hotel_id });
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.headers.get("Location")).toBe(`${screen}&revert=1`);
    const stored = () =>
      database
        .selectFrom("hotels")
        .select(["rewritten_text", "is_description_rewritten"])
        .where("hotel_id", "=", hotel.hotel_id)
        .executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ rewritten_text: hotel.rewritten_text, is_description_rewritten: true });
    // A refused revert shows the screen with the stored text still in its box.
    const blank = await admin.post(screen, { intent: "revert", hotel_id: " ", confirm: "yes" });
    expect(blank.status).toBe(400);
    const blankHtml = await blank.text();
    expect(visibleText(blankHtml)).toContain("Please enter a hotel ID");
    expect(blankHtml).toMatch(/<textarea[^>]*name="translation"[^>]*>[^<]{60}/);

    const reverted = await admin.post(screen, { intent: "revert", hotel_id: hotel.hotel_id, confirm: "yes" });
    expect(reverted.headers.get("Location")).toBe(screen);
    expect(await flashAfter(reverted)).toContain(`Description reverted ${hotel.hotel_id} shows its original description again`);
    expect(await stored()).toEqual({ rewritten_text: null, is_description_rewritten: false });
    const publicPage = visibleText(await (await new Browser(app.origin).get(hotelPath(hotel)!)).text());
    expect(publicPage).toContain(hotel.description!.slice(0, 60));
    expect(publicPage).not.toContain(hotel.rewritten_text!.slice(0, 60));
    // Now nothing is offered, and a second revert says so.
    expect(visibleText(await (await admin.get(`${screen}&revert=1`)).text())).not.toContain("Revert to original description");
    const again = await admin.post(screen, { intent: "revert", hotel_id: hotel.hotel_id, confirm: "yes" });
    expect(await flashAfter(again)).toContain("Nothing to revert");

    const unknown = await admin.post(screen, { intent: "revert", hotel_id: "NO-SUCH-ID", confirm: "yes" });
    expect(unknown.status).toBe(404);
    expect(visibleText(await unknown.text())).toContain("No hotel found with this ID");
  });
});

describe("AI Rewrite", () => {
  it("finds a hotel by id, or says what is wrong", async () => {
    expect(await text("/admin/rewrite?hotel=")).toContain("Please enter a hotel ID");
    const missing = await text("/admin/rewrite?hotel=NO-SUCH-ID");
    expect(missing).toContain("Not found");
    expect(missing).toContain("No hotel found with this ID, and none whose name or place contains “NO-SUCH-ID”.");
    const hotel = await (
      await db()
    )
      .selectFrom("hotels")
      .select(["hotel_id", "description"])
      .where("description", "is not", null)
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    const found = await text(`/admin/rewrite?hotel=${hotel.hotel_id}.`);
    expect(found).toContain("Hotel found");
    expect(found).toContain(hotel.description!.slice(0, 60));
  });

  it("shows the partner's original description as the original, never the Swedish rewrite, and does not call a Swedish original English", async () => {
    const database = await db();
    const rewritten = await database
      .selectFrom("hotels")
      .select(["hotel_id", "description", "rewritten_text"])
      .where("description", "is not", null)
      .where("rewritten_text", "is not", null)
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    // A Swedish feed's hotel: its original is Swedish (the demo's plain texts), with no rewrite yet.
    const swedishFeed = await database
      .selectFrom("hotels")
      .select(["hotel_id", "description"])
      .where("description", "like", "% är ett %")
      .where("rewritten_text", "is", null)
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    const escape = (value: string) =>
      value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
    /** The read-only box's label and text. */
    const originalBox = (html: string) => ({
      label: unescapeAttribute(visibleText(/<label[^>]*for="rewrite-original"[^>]*>([\s\S]*?)<\/label>/.exec(html)?.[1] ?? "")).trim(),
      text: /<textarea[^>]*id="rewrite-original"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1] ?? null,
    });
    for (const hotel of [rewritten, swedishFeed]) {
      const html = await (await admin.get(`/admin/rewrite?hotel=${encodeURIComponent(hotel.hotel_id)}`)).text();
      const box = originalBox(html);
      expect(box.label).toBe("Partner's original description");
      expect(box.text?.trim()).toBe(escape(hotel.description!));
      expect(html).not.toContain("Original description (English)");
    }
    const html = await (await admin.get(`/admin/rewrite?hotel=${encodeURIComponent(rewritten.hotel_id)}`)).text();
    expect(originalBox(html).text).not.toContain(escape(rewritten.rewritten_text!.slice(0, 40)));
    expect(html).toContain(`>${escape(rewritten.rewritten_text!)}</textarea>`);
  });

  it("finds hotels by name or place in any case to choose from, and opens an id typed in any case directly", async () => {
    const database = await db();
    const hotel = await database
      .selectFrom("hotels")
      .select(["hotel_id", "name", "location", "country"])
      .where("location", "=", "Visby")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    // A part of the name, in other case: a list to choose from, each row linking to the hotel's screen.
    const word = hotel.name!.split(" ")[0]!.toUpperCase();
    const byName = await admin.get(`/admin/rewrite?hotel=${encodeURIComponent(word)}`);
    const byNameHtml = await byName.text();
    expect(visibleText(byNameHtml)).toMatch(new RegExp(`\\d+ hotels? matching “${word}”`));
    expect(byNameHtml).toContain(`href="/admin/rewrite?hotel=${encodeURIComponent(hotel.hotel_id)}"`);
    expect(visibleText(byNameHtml)).toContain(`${hotel.name!.replace(/&/g, "&amp;")} Visby, Sweden ${hotel.hotel_id}`);
    expect(byNameHtml).not.toContain('name="translation"');

    // A place: its hotels, and only those that have it in their name or place.
    const byPlace = await admin.get("/admin/rewrite?hotel=visby");
    const listed = [...(await byPlace.text()).matchAll(/href="\/admin\/rewrite\?hotel=([^"&]+)"/g)].map((m) => decodeURIComponent(m[1]!));
    const visby = await database
      .selectFrom("hotels")
      .select("hotel_id")
      .where((eb) => eb.or([eb("location", "ilike", "%visby%"), eb("name", "ilike", "%visby%")]))
      .execute();
    expect(new Set(listed)).toEqual(new Set(visby.map((row) => row.hotel_id)));

    // An id in lower case opens the hotel itself.
    const byId = await text(`/admin/rewrite?hotel=${hotel.hotel_id.toLowerCase()}`);
    expect(byId).toContain("Hotel found");
    expect(byId).toContain("Swedish translation");
  });

  it("says which engine runs, writes a Swedish description from the facts without a provider, and saves a hand-made one", async () => {
    const database = await db();
    const hotel = await database
      .selectFrom("hotels")
      .select(["hotel_id", "name"])
      .where("description", "is not", null)
      .where("is_description_rewritten", "=", false)
      .where("location", "=", "Gothenburg")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    const path = `/admin/rewrite?hotel=${hotel.hotel_id}`;
    expect(await text(path)).toContain("Engine: local (writes a Swedish description from the hotel");
    const translate = await admin.post(path, { intent: "translate", hotel_id: hotel.hotel_id, translation: "Mitt utkast" });
    expect(translate.status).toBe(200);
    const written = /<textarea[^>]*name="translation"[^>]*>([^<]*)<\/textarea>/.exec(await translate.text())![1]!;
    const name = hotel.name!.replace(/&/g, "&amp;");
    expect(written).toContain(name);
    // The place in Swedish (the hotel's own name may still say Gothenburg).
    expect(written).toContain("Göteborg");
    expect(written.replaceAll(name, "")).not.toContain("Gothenburg");
    // Nothing is stored until it is saved.
    const before = await database
      .selectFrom("hotels")
      .select("rewritten_text")
      .where("hotel_id", "=", hotel.hotel_id)
      .executeTakeFirstOrThrow();
    expect(before.rewritten_text).toBeNull();

    const empty = await admin.post(path, { intent: "save", hotel_id: hotel.hotel_id, translation: "  " });
    expect(empty.status).toBe(400);
    expect(visibleText(await empty.text())).toContain("Missing hotel ID or translated description");

    const saved = await admin.post(path, { intent: "save", hotel_id: hotel.hotel_id, translation: "Ett trevligt hotell nära stationen." });
    expect(saved.status).toBe(302);
    expect(await flashAfter(saved)).toContain("Translated description saved successfully");
    const after = await database
      .selectFrom("hotels")
      .select(["rewritten_text", "is_description_rewritten"])
      .where("hotel_id", "=", hotel.hotel_id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ rewritten_text: "Ett trevligt hotell nära stationen.", is_description_rewritten: true });
  });

  it("answers a translation the form refuses by its field or the form, keeping what was typed, and saves nothing", async () => {
    const database = await db();
    const hotel = await database
      .selectFrom("hotels")
      .select(["hotel_id", "rewritten_text"])
      .where("location", "=", "Malmö")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    const path = `/admin/rewrite?hotel=${hotel.hotel_id}`;
    const box = (html: string) => /<textarea([^>]*name="translation"[^>]*)>([^<]*)<\/textarea>/.exec(html);

    const blank = await (await admin.post(path, { intent: "save", hotel_id: hotel.hotel_id, translation: " " })).text();
    // The error sits by the box, which says it is wrong and points to it.
    expect(box(blank)![1]).toMatch(/aria-invalid="true"/);
    const errorId = /aria-describedby="[^"]*?([\w-]+-error)"/.exec(box(blank)![1]!)![1]!;
    expect(blank).toMatch(new RegExp(`<ul id="${errorId}"[^>]*><li>Missing hotel ID or translated description</li>`));

    const long = "Å".repeat(20_001);
    const tooLong = await admin.post(path, { intent: "save", hotel_id: hotel.hotel_id, translation: long });
    expect(tooLong.status).toBe(400);
    const tooLongHtml = await tooLong.text();
    expect(visibleText(tooLongHtml)).toContain("The translation may be at most 20,000 characters");
    expect(box(tooLongHtml)![2]).toBe(long);

    const unknown = await admin.post(path, { intent: "publish", hotel_id: hotel.hotel_id, translation: "Mitt utkast <b>" });
    expect(unknown.status).toBe(400);
    const unknownHtml = await unknown.text();
    expect(visibleText(unknownHtml)).toContain("This page did not understand what the form asked for, and nothing was changed.");
    expect(box(unknownHtml)![2]).toBe("Mitt utkast &lt;b&gt;");
    // The form still names its hotel, so the next press works.
    expect(unknownHtml).toMatch(new RegExp(`<input[^>]*name="hotel_id"[^>]*value="${hotel.hotel_id}"`));

    const noHotel = await admin.post(path, { intent: "save", hotel_id: " . ", translation: "Ett hotell." });
    expect(noHotel.status).toBe(400);
    expect(visibleText(await noHotel.text())).toContain("Please enter a hotel ID");

    const stored = await database
      .selectFrom("hotels")
      .select("rewritten_text")
      .where("hotel_id", "=", hotel.hotel_id)
      .executeTakeFirstOrThrow();
    expect(stored.rewritten_text).toBe(hotel.rewritten_text);
  });

  it("writes a Swedish description from the facts also for a hotel without an English one", async () => {
    const database = await db();
    const hotel = await database.selectFrom("hotels").select(["hotel_id", "name"]).orderBy("hotel_id", "desc").executeTakeFirstOrThrow();
    await database.updateTable("hotels").set({ description: null }).where("hotel_id", "=", hotel.hotel_id).execute();
    const response = await admin.post(`/admin/rewrite?hotel=${hotel.hotel_id}`, {
      intent: "translate",
      hotel_id: hotel.hotel_id,
      translation: "",
    });
    expect(response.status).toBe(200);
    const page = visibleText(await response.text());
    expect(page).not.toContain("No description to translate");
    expect(page).toMatch(/Gästbetyget|Gästerna|ligger|finns|erbjuder/);
  });
});

describe("Affiliate URLs", () => {
  it("asks for both ids, says when the hotel is unknown, and builds the hotel page's URL with the tracking parameters", async () => {
    expect(await text("/admin/affiliate?hotel=&affiliate=")).toContain("Hotel ID and affiliate ID are required");
    expect(await text("/admin/affiliate?hotel=NOPE&affiliate=p1")).toContain("No hotel found with this ID: NOPE");
    expect(await text("/admin/affiliate?hotel=X&affiliate=p1&source=%3Cscript%3E")).toContain("UTM Source may only contain");
    const hotel = await (
      await db()
    )
      .selectFrom("hotels")
      .select(["hotel_id", "name", "location"])
      .where("location", "=", "Malmö")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    const html = await (await admin.get(`/admin/affiliate?hotel=${hotel.hotel_id}&affiliate=partner-42&source=&medium=`)).text();
    const url = /id="affiliate-url"[^>]*value="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(url).toBeDefined();
    const parsed = new URL(url!);
    expect(parsed.origin).toBe("http://hotellguiden.test");
    expect(parsed.pathname).toMatch(/^\/Sweden\/Malm%C3%B6\/[a-z0-9-]+$/);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      aff_id: "partner-42",
      utm_source: "partner",
      utm_medium: "affiliate",
      utm_campaign: hotel.hotel_id,
    });
    // The link leads to the hotel's real page.
    expect((await new Browser(app.origin).get(parsed.pathname + parsed.search)).status).toBe(200);
  });
});

describe("Popular destinations", () => {
  it("refuses a destination without name, description and image, keeping what was typed", async () => {
    const response = await admin.post("/admin/destinations", {
      intent: "add",
      name: "Visby",
      description: "",
      image: "",
      price: "",
      link: "",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("Name, description and image are required");
    expect(html).toContain('value="Visby"');
    const bad = await admin.post("/admin/destinations", {
      intent: "add",
      name: "X",
      description: "Y",
      image: "javascript:alert(1)",
      price: "",
      link: "",
    });
    expect(visibleText(await bad.text())).toContain("Image URL must start with http://, https:// or /");
  });

  it("refuses a link that finds no hotels, by the link field, keeping what was typed", async () => {
    const before = await (await db()).selectFrom("popular_destinations").select("id").execute();
    const response = await admin.post("/admin/destinations", {
      intent: "add",
      name: "Atlantis",
      description: "Under havet.",
      image: "/images/hotels/hotel-3.svg",
      price: "Från 1 kr",
      link: "/Sweden/Atlantis",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("This link finds no hotels.");
    // The error is the link field's own, and every field keeps its value.
    expect(html).toMatch(/<input id="destination-link"[^>]*aria-invalid="true"[^>]*aria-describedby="destination-link-error"/);
    expect(html).toMatch(/<ul id="destination-link-error"[^>]*><li>This link finds no hotels\./);
    for (const value of ["Atlantis", "Under havet.", "/images/hotels/hotel-3.svg", "Från 1 kr", "/Sweden/Atlantis"])
      expect(html).toContain(value);

    // Without a link the search for the name is what would be saved, and it is checked too.
    const fromName = await admin.post("/admin/destinations", {
      intent: "add",
      name: "Atlantis",
      description: "Under havet.",
      image: "/images/hotels/hotel-3.svg",
      price: "",
      link: "",
    });
    expect(fromName.status).toBe(400);
    expect(visibleText(await fromName.text())).toContain(
      "This link finds no hotels. (Without a link of its own, the card searches for its name.)",
    );
    expect(await (await db()).selectFrom("popular_destinations").select("id").execute()).toHaveLength(before.length);
  });

  it("accepts a place page and a link to another site", async () => {
    for (const link of ["/sweden/malmo", "https://www.example.com/resor"]) {
      const added = await admin.post("/admin/destinations", {
        intent: "add",
        name: `Prov ${link}`,
        description: "Prov.",
        image: "/images/hotels/hotel-3.svg",
        price: "",
        link,
      });
      expect(added.status, link).toBe(302);
    }
    const database = await db();
    await database.deleteFrom("popular_destinations").where("name", "like", "Prov %").execute();
  });

  it("adds a destination with the default price and link, reorders it, shows it on the home page, and removes it", async () => {
    const added = await admin.post("/admin/destinations", {
      intent: "add",
      name: "Visby",
      description: "Ringmuren och rosor.",
      image: "/images/hotels/hotel-3.svg",
      price: "",
      link: "",
    });
    expect(added.status).toBe(302);
    expect(await flashAfter(added)).toContain("Destination added");
    const database = await db();
    const rows = await database
      .selectFrom("popular_destinations")
      .select(["id", "name", "price_text", "link", "position"])
      .orderBy("position")
      .execute();
    const visby = rows.find((row) => row.name === "Visby")!;
    expect(visby).toMatchObject({ price_text: "Från 890 kr", link: "/hotels?destination=visby" });
    expect(rows.at(-1)!.name).toBe("Visby");

    await admin.post("/admin/destinations", { intent: "up", id: visby.id });
    const reordered = await database.selectFrom("popular_destinations").select("name").orderBy("position").execute();
    expect(reordered.at(-2)!.name).toBe("Visby");
    expect(visibleText(await (await new Browser(app.origin).get("/")).text())).toContain("Ringmuren och rosor.");

    const removed = await admin.post("/admin/destinations", { intent: "remove", id: visby.id, confirm: "yes" });
    expect(await flashAfter(removed)).toContain("Destination removed");
    expect(await database.selectFrom("popular_destinations").select("id").where("id", "=", visby.id).execute()).toEqual([]);
  });

  it("asks before a card leaves the home page, and removes only a confirmed removal", async () => {
    const database = await db();
    const card = await database.selectFrom("popular_destinations").select(["id", "name"]).orderBy("position").executeTakeFirstOrThrow();
    // The list's Remove is a link to the question (a dialog with JavaScript, this page without).
    expect(await (await admin.get("/admin/destinations")).text()).toContain(`href="/admin/destinations?remove=${card.id}"`);
    const question = await admin.get(`/admin/destinations?remove=${card.id}`);
    const html = await question.text();
    expect(visibleText(html)).toContain(`Remove ${card.name}? This card is live on the home page.`);
    expect(html).toMatch(/role="alertdialog"/);
    expect(html).toContain('name="confirm" value="yes"');

    // A removal without the confirmation (an old page, a hand-made post) is sent to the question instead.
    const unconfirmed = await admin.post("/admin/destinations", { intent: "remove", id: card.id });
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.headers.get("Location")).toBe(`/admin/destinations?remove=${card.id}`);
    const wrong = await admin.post("/admin/destinations", { intent: "remove", id: card.id, confirm: "maybe" });
    expect(wrong.headers.get("Location")).toBe(`/admin/destinations?remove=${card.id}`);
    expect(await database.selectFrom("popular_destinations").select("id").where("id", "=", card.id).execute()).toHaveLength(1);
    // An id that is gone shows the list without a question.
    expect(visibleText(await (await admin.get("/admin/destinations?remove=00000000-0000-4000-8000-000000000000")).text())).not.toContain(
      "live on the home page",
    );
  });

  it("edits a card in place: same rules and link check as adding, what was typed kept, the home page follows", async () => {
    const database = await db();
    const card = await database
      .selectFrom("popular_destinations")
      .select(["id", "name", "description", "image", "price_text", "link"])
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const edit = `/admin/destinations?edit=${card.id}`;
    const form = await (await admin.get(edit)).text();
    expect(visibleText(form)).toContain(`Edit ${card.name}`);
    for (const value of [card.name, card.image, card.price_text, card.link]) expect(form).toContain(`value="${value}"`);
    expect(form).toContain(`name="intent" value="edit"`);

    const fields = {
      intent: "edit",
      id: card.id,
      name: card.name,
      description: "Nya ord om staden.",
      image: card.image,
      price: "Från 990 kr",
    };
    const refused = await admin.post(edit, { ...fields, link: "/Sweden/Atlantis" });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toMatch(
      /<input id="destination-edit-link"[^>]*aria-invalid="true"[^>]*aria-describedby="destination-edit-link-error"/,
    );
    expect(refusedHtml).toMatch(/<ul id="destination-edit-link-error"[^>]*><li>This link finds no hotels\./);
    for (const value of ["Nya ord om staden.", "Från 990 kr", "/Sweden/Atlantis"]) expect(refusedHtml).toContain(value);
    const blank = await admin.post(edit, { ...fields, description: "  ", link: card.link });
    expect(blank.status).toBe(400);
    expect(visibleText(await blank.text())).toContain("Name, description and image are required");
    expect(await database.selectFrom("popular_destinations").select("description").where("id", "=", card.id).executeTakeFirst()).toEqual({
      description: card.description,
    });

    const saved = await admin.post(edit, { ...fields, link: "/Sweden/Uppsala" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/destinations");
    expect(await flashAfter(saved)).toContain("Destination saved");
    expect(
      await database
        .selectFrom("popular_destinations")
        .select(["description", "price_text", "link"])
        .where("id", "=", card.id)
        .executeTakeFirst(),
    ).toEqual({ description: "Nya ord om staden.", price_text: "Från 990 kr", link: "/Sweden/Uppsala" });
    expect(visibleText(await (await new Browser(app.origin).get("/")).text())).toContain("Nya ord om staden.");

    const gone = await admin.post("/admin/destinations", {
      ...fields,
      id: "00000000-0000-4000-8000-000000000000",
      link: "/Sweden/Uppsala",
    });
    expect(await flashAfter(gone)).toContain("That destination was already removed.");
    await database
      .updateTable("popular_destinations")
      .set({ description: card.description, price_text: card.price_text, link: card.link })
      .where("id", "=", card.id)
      .execute();
  });
});

describe("Popular locations", () => {
  it("saves the chosen places, and the home page's chips follow", async () => {
    const html = await (await admin.get("/admin/popular-locations")).text();
    const values = [...html.matchAll(/name="place" value="([^"]+)"/g)].map((m) => m[1]!.replace(/&quot;/g, '"'));
    expect(values.length).toBeGreaterThan(40);
    // Each place by its Swedish name and country, in Swedish order of those names.
    const labels = [...html.matchAll(/<label for="place-\d+"[^>]*>([\s\S]*?)<\/label>/g)].map((m) => visibleText(m[1]!).trim());
    expect(labels).toHaveLength(html.match(/<input [^>]*name="place"/g)!.length);
    expect(labels).toContain("Göteborg (Sverige)");
    expect(labels).toContain("München (Tyskland)");
    expect(labels.join("\n")).not.toMatch(/Gothenburg|Munich|\(Sweden\)|\(Germany\)/);
    expect(labels).toEqual([...labels].sort(new Intl.Collator("sv").compare));
    const visby = values.find((value) => value.includes("Visby"))!;
    const kiruna = values.find((value) => value.includes("Kiruna"))!;
    const response = await admin.request("/admin/popular-locations", {
      method: "POST",
      body: new URLSearchParams([
        ["place", visby],
        ["place", kiruna],
        ["place", '["Nowhere","Atlantis"]'],
        ["intent", "save"],
      ]),
      headers: { Origin: app.origin, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await flashAfter(response)).toContain("The home page shows 2 locations.");
    const saved = await (await db()).selectFrom("popular_locations").select(["location", "position"]).orderBy("position").execute();
    expect(saved.map((row) => row.location).sort()).toEqual(["Kiruna", "Visby"]);
    const home = await (await new Browser(app.origin).get("/")).text();
    expect(home).toMatch(/Visby/);
    expect(home).not.toMatch(/>Tokyo</);

    const cleared = await admin.post("/admin/popular-locations", { intent: "save" });
    expect(await flashAfter(cleared)).toContain("None chosen");
  });
});

describe("Sitemap generator", () => {
  it("needs a generated sitemap before updating the live one", async () => {
    const response = await admin.post("/admin/sitemap", { intent: "update-live" });
    const page = await flashAfter(response);
    expect(page).toContain("No sitemap");
    expect(page).toContain("Generate a sitemap first");
  });

  it("generates the sitemap with counts per kind, an XML and a preview tab, and a real download", async () => {
    const html = await (await admin.get("/admin/sitemap?generate=1")).text();
    const page = visibleText(html);
    expect(page).toMatch(/\d+ URLs/);
    for (const kind of ["Pages", "Countries", "Places", "Hotels", "Blog posts"]) expect(page).toContain(kind);
    expect(html).toContain("&lt;urlset");
    const preview = visibleText(await (await admin.get("/admin/sitemap?generate=1&tab=preview")).text());
    expect(preview).toContain("http://hotellguiden.test/hotels");

    const download = await admin.get("/admin/sitemap/download");
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="sitemap.xml"');
    const xml = await download.text();
    expect(xml).toBe(await (await new Browser(app.origin).get("/sitemap.xml")).text());

    const updated = await admin.post("/admin/sitemap", { intent: "update-live", generated: "1" });
    expect(await flashAfter(updated)).toContain("Live sitemap updated");
  });
});

describe("Contact messages", () => {
  it("lists messages newest first and deletes one", async () => {
    const database = await db();
    await database
      .insertInto("contact_messages")
      .values([
        { name: "Äldre Avsändare", email: "a@example.se", message: "Det första meddelandet.", created_at: new Date(Date.now() - 60_000) },
        { name: "Nyare Avsändare", email: "b@example.se", message: "Det andra meddelandet.", created_at: new Date() },
      ])
      .execute();
    const page = await text("/admin/messages");
    expect(page.indexOf("Nyare Avsändare")).toBeLessThan(page.indexOf("Äldre Avsändare"));
    const older = await database
      .selectFrom("contact_messages")
      .select("id")
      .where("name", "=", "Äldre Avsändare")
      .executeTakeFirstOrThrow();
    const response = await admin.post("/admin/messages", { intent: "delete", id: older.id });
    expect(await flashAfter(response)).toContain("Message deleted");
    expect(await text("/admin/messages")).not.toContain("Äldre Avsändare");
  });
});

describe("actions that cannot run", () => {
  it("shows affiliate URL generation disabled with the reason and refuses it the same way without AFFILIATE_URL_TEMPLATE", async () => {
    expect(await text("/admin/affiliate")).toMatch(
      /Links are built on https?:\/\/[^/ ]+\/\{country\}\/\{place\}\/\{hotel\} \(the SITE_URL setting\)/,
    );
    const html = await (await admin.get("/admin/hotels")).text();
    expect(html).toMatch(
      /<button[^>]*disabled=""[^>]*aria-describedby="bulk-generate-affiliate-note"[^>]*>Generate affiliate URLs<\/button>/,
    );
    const note = /<p id="bulk-generate-affiliate-note"[^>]*>([^]*?)<\/p>/.exec(html)![1]!;
    expect(visibleText(note)).toContain("Unavailable: No partner link template is configured. Set AFFILIATE_URL_TEMPLATE");
    // Without a provider the local engine writes: the AI actions are enabled and say so.
    expect(await text("/admin/blog/new")).toContain("Motor: lokal (skriver utkastet utifrån katalogens hotell)");
    expect(html).toMatch(/<button[^>]*aria-describedby="bulk-rewrite-ai-note"[^>]*>Rewrite descriptions with AI/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="bulk-rewrite-ai-note"/);

    const database = await db();
    const hotel = await database.selectFrom("hotels").select(["hotel_id", "affiliate_url"]).orderBy("hotel_id").executeTakeFirstOrThrow();
    const refused = await admin.post("/admin/hotels", { intent: "generate-affiliate", hotel: hotel.hotel_id });
    const flash = await flashAfter(refused);
    expect(flash).toContain("Failed to generate affiliate URLs");
    expect(flash).toContain("No partner link template is configured. Set AFFILIATE_URL_TEMPLATE");
    const after = await database
      .selectFrom("hotels")
      .select("affiliate_url")
      .where("hotel_id", "=", hotel.hotel_id)
      .executeTakeFirstOrThrow();
    expect(after.affiliate_url).toBe(hotel.affiliate_url);
  });
});
