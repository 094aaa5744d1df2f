/**
 * /admin/partners over HTTP as an administrator against the demo catalogue: the list with
 * current offers and their freshness, adding and editing a partner (field errors keep what
 * was typed, a taken id or host is answered by the field), switching a partner off and on
 * (its offers leave the hotels' summary through the trigger and the price source), the
 * clicks chart and its CSV. (Every admin route's guard: admin-guards.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;
let admin: Browser;

const PARTNER = {
  id: "stugportalen",
  name: "Stugportalen",
  host: "www.stugportalen.example",
  deep_link_template: "from={checkin}&to={checkout}&people={adults}",
  logo_url: "/images/partners/stugportalen.svg",
};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Three hotels the test partner offers, one of them with an offer too old to count. */
let hotels: { id: string; hotel_id: string }[];

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always" });
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
  const database = await db();
  await database.insertInto("partners").values(PARTNER).execute();
  // Hotels the demo partners offer too, so switching ours off leaves another lowest price.
  hotels = await database
    .selectFrom("hotels")
    .select(["id", "hotel_id"])
    .where("offer_count", ">", 0)
    .orderBy("hotel_id")
    .limit(3)
    .execute();
  await database
    .insertInto("hotel_offers")
    .values([
      {
        hotel_id: hotels[0]!.id,
        partner_id: PARTNER.id,
        price_per_night: 1,
        landing_url: `https://${PARTNER.host}/a`,
        updated_at: new Date(Date.now() - 2 * HOUR),
      },
      {
        hotel_id: hotels[1]!.id,
        partner_id: PARTNER.id,
        price_per_night: 900,
        landing_url: `https://${PARTNER.host}/b`,
        updated_at: new Date(Date.now() - 5 * HOUR),
      },
      // Older than OFFER_MAX_AGE_HOURS (not yet retired by housekeeping) and gone: neither counts as current.
      {
        hotel_id: hotels[2]!.id,
        partner_id: PARTNER.id,
        price_per_night: 900,
        landing_url: `https://${PARTNER.host}/c`,
        updated_at: new Date(Date.now() - 30 * DAY),
      },
    ])
    .execute();
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.db();
/** What a reader sees: the page's text with its character references read. */
const readable = (html: string) =>
  visibleText(html)
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const page = async (path = "/admin/partners") => {
  const response = await admin.get(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return { html, text: readable(html) };
};
const flashAfter = async (response: Response) => readable(await (await admin.follow(response)).text());
const form = (fields: Partial<Record<"intent" | "id" | "name" | "host" | "logoUrl" | "deepLinkTemplate" | "active", string>>) => ({
  intent: "create",
  id: "",
  name: "",
  host: "",
  logoUrl: "",
  deepLinkTemplate: "",
  active: "on",
  ...fields,
});
/** The text of the error list conform ties to a field of the partner form. */
const fieldError = (html: string, field: string) => {
  const match = new RegExp(`<ul id="partner-${field}-error"[^>]*>([\\s\\S]*?)</ul>`).exec(html);
  return match ? visibleText(match[1]!).trim() : null;
};
const inputValue = (html: string, field: string) => new RegExp(`<input[^>]*id="partner-${field}"[^>]*value="([^"]*)"`).exec(html)?.[1];

describe("the partner list", () => {
  it("shows each partner with its logo, host, status, template, current offers and their freshness", async () => {
    const { html, text } = await page();
    expect(text).toContain(
      "Stugportalen stugportalen · www.stugportalen.example Active from={checkin}&to={checkout}&people={adults} 2 Newest",
    );
    expect(html).toContain(`src="${PARTNER.logo_url}"`);
    // The four demo partners too, by name, with their offers counted.
    for (const name of ["Bäddbanken", "Hotellfynd", "Nattlogi", "Resekompassen"]) expect(text).toContain(name);
    expect(text).toMatch(/Resekompassen resekompassen · www\.resekompassen\.example Active \S+ [1-9]\d* Newest/);
    for (const heading of ["Partner", "Status", "Deep-link template", "Current offers", "Offers updated"])
      expect(html).toContain(`<th scope="col" class="px-3 py-2${heading === "Current offers" ? " text-right" : ""}">${heading}</th>`);
  });

  it("says 'No offers' for a partner without current ones", async () => {
    await (await db()).insertInto("partners").values({ id: "tomma", name: "Tomma Bäddar", host: "tomma.example" }).execute();
    expect((await page()).text).toMatch(/Tomma Bäddar tomma · tomma\.example Active \(none: the landing URL as it is\) 0 No offers/);
  });
});

describe("adding a partner", () => {
  it("answers a bad template, id and host by their fields, keeping what was typed", async () => {
    const response = await admin.post(
      "/admin/partners",
      form({ id: "Ny Partner", name: "Ny partner", host: "ftp://ny.example", deepLinkTemplate: "checkin={start}&adults={adults}" }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(fieldError(html, "deepLinkTemplate")).toContain("Unknown placeholder {start}");
    expect(fieldError(html, "id")).toContain("lower-case letters, digits and hyphens");
    expect(fieldError(html, "host")).toBe("Only http:// and https:// links can be partner links.");
    expect(fieldError(html, "name")).toBeNull();
    expect(inputValue(html, "name")).toBe("Ny partner");
    expect(inputValue(html, "deepLinkTemplate")).toBe("checkin={start}&amp;adults={adults}");
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*id="partner-deepLinkTemplate"|<input[^>]*id="partner-deepLinkTemplate"[^>]*aria-invalid="true"/,
    );
    expect(await (await db()).selectFrom("partners").select("id").where("name", "=", "Ny partner").execute()).toEqual([]);
  });

  it("answers a taken host or id by the field, not with an error page", async () => {
    const takenHost = await admin.post(
      "/admin/partners",
      form({ id: "kopian", name: "Kopian", host: "HTTPS://WWW.Stugportalen.example/hotell/1" }),
    );
    expect(takenHost.status).toBe(400);
    const hostHtml = await takenHost.text();
    expect(fieldError(hostHtml, "host")).toBe("Another partner already has this host.");
    expect(inputValue(hostHtml, "host")).toBe("HTTPS://WWW.Stugportalen.example/hotell/1");

    const takenId = await admin.post("/admin/partners", form({ id: PARTNER.id, name: "Kopian", host: "kopian.example" }));
    expect(takenId.status).toBe(400);
    expect(fieldError(await takenId.text(), "id")).toBe("A partner with this id already exists.");
  });

  it("saves a partner with its host as /redirect compares it, and previews its deep link", async () => {
    const response = await admin.post(
      "/admin/partners",
      form({
        id: "fjallstugan",
        name: "Fjällstugan",
        host: "https://Boka.Fjallstugan.example/sok?x=1",
        logoUrl: "https://cdn.fjallstugan.example/logo.png",
        deepLinkTemplate: "?arrive={checkin}&nights={nights}",
        active: "",
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/partners");
    expect(await flashAfter(response)).toContain("Fjällstugan is saved as inactive");
    const row = await (await db()).selectFrom("partners").selectAll().where("id", "=", "fjallstugan").executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Fjällstugan",
      host: "boka.fjallstugan.example",
      logo_url: "https://cdn.fjallstugan.example/logo.png",
      deep_link_template: "arrive={checkin}&nights={nights}",
      active: false,
    });
    const { html } = await page("/admin/partners?edit=fjallstugan");
    const preview = /<a href="([^"]+)" target="_blank" rel="noopener noreferrer"[^>]*id="partner-preview"/
      .exec(html)?.[1]
      ?.replace(/&amp;/g, "&");
    const url = new URL(preview!);
    expect(url.host).toBe("boka.fjallstugan.example");
    expect(url.searchParams.get("nights")).toBe("2");
    expect(url.searchParams.get("arrive")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("editing a partner", () => {
  it("opens the form filled in with the id fixed, saves changes, and answers an unknown partner with 404", async () => {
    const { html } = await page(`/admin/partners?edit=${PARTNER.id}`);
    expect(inputValue(html, "name")).toBe(PARTNER.name);
    expect(html).toMatch(/<input[^>]*id="partner-id"[^>]*readOnly=""[^>]*value="stugportalen"/);
    expect(visibleText(html)).toContain("Edit partner Stugportalen");

    const bad = await admin.post(
      `/admin/partners?edit=${PARTNER.id}`,
      form({ intent: "update", id: PARTNER.id, name: "", host: PARTNER.host, deepLinkTemplate: "from={checkin" }),
    );
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(fieldError(badHtml, "name")).toBe("Required");
    expect(fieldError(badHtml, "deepLinkTemplate")).toContain("Close every placeholder");
    expect(visibleText(badHtml)).toContain("Edit partner Stugportalen");

    const taken = await admin.post(
      `/admin/partners?edit=${PARTNER.id}`,
      form({ intent: "update", id: PARTNER.id, name: "Stugportalen", host: "hotellfynd.example" }),
    );
    expect(fieldError(await taken.text(), "host")).toBe("Another partner already has this host.");

    const saved = await admin.post(
      `/admin/partners?edit=${PARTNER.id}`,
      form({
        intent: "update",
        id: PARTNER.id,
        name: "Stugportalen AB",
        host: PARTNER.host,
        deepLinkTemplate: PARTNER.deep_link_template,
        logoUrl: "",
      }),
    );
    expect(saved.status).toBe(302);
    expect(await flashAfter(saved)).toContain("Stugportalen AB is saved");
    expect(
      await (await db()).selectFrom("partners").select(["name", "logo_url", "active"]).where("id", "=", PARTNER.id).executeTakeFirst(),
    ).toEqual({
      name: "Stugportalen AB",
      logo_url: null,
      active: true,
    });

    expect((await admin.get("/admin/partners?edit=finns-inte")).status).toBe(404);
    const gone = await admin.post("/admin/partners", form({ intent: "update", id: "finns-inte", name: "X", host: "x.example" }));
    expect(await flashAfter(gone)).toContain("There is no such partner");
  });

  it("refuses a post without a known intent with 400", async () => {
    expect((await admin.post("/admin/partners", form({ intent: "delete", id: PARTNER.id }))).status).toBe(400);
    expect((await admin.post("/admin/partners", { id: PARTNER.id })).status).toBe(400);
  });
});

describe("switching a partner off and on", () => {
  it("takes its offers out of the hotels' lowest price and partner count, and out of the price source", async () => {
    const database = await db();
    const { priceSource } = await app.importApp<typeof import("#app/offers/offers.server.ts")>("app/offers/offers.server.ts");
    const { NO_STAY } = await app.importApp<typeof import("#app/offers/stay.ts")>("app/offers/stay.ts");
    const summary = () =>
      database.selectFrom("hotels").select(["offer_count", "offer_price"]).where("id", "=", hotels[0]!.id).executeTakeFirstOrThrow();
    const shown = async () =>
      ((await priceSource(database).offersFor([hotels[0]!.id], NO_STAY)).get(hotels[0]!.id) ?? []).map((offer) => offer.partnerId);

    const before = await summary();
    expect(Number(before.offer_price)).toBe(1); // its 1 kr offer is the lowest
    expect(await shown()).toContain(PARTNER.id);

    const off = await admin.post("/admin/partners", { intent: "deactivate", id: PARTNER.id });
    expect(off.status).toBe(302);
    const message = await flashAfter(off);
    expect(message).toContain("Stugportalen AB's offers no longer show on the site, and /redirect no longer forwards to its host");
    const after = await summary();
    expect(after.offer_count).toBe(before.offer_count - 1);
    expect(Number(after.offer_price)).toBeGreaterThan(1);
    expect(await shown()).not.toContain(PARTNER.id);
    expect((await page()).text).toMatch(/Stugportalen AB stugportalen · www\.stugportalen\.example Inactive/);

    const on = await admin.post("/admin/partners", { intent: "activate", id: PARTNER.id });
    expect(await flashAfter(on)).toContain("Partner activated");
    expect(await summary()).toEqual(before);
    expect(await shown()).toContain(PARTNER.id);

    const unknown = await admin.post("/admin/partners", { intent: "deactivate", id: "finns-inte" });
    expect(await flashAfter(unknown)).toContain("There is no such partner");
  });
});

describe("clicks per partner", () => {
  beforeAll(async () => {
    const now = Date.now();
    await (
      await db()
    )
      .insertInto("outbound_clicks")
      .values([
        // Named by partner, whatever host they went to.
        { partner_id: PARTNER.id, target_host: PARTNER.host, source: "hotel", clicked_at: new Date(now) },
        { partner_id: PARTNER.id, target_host: "other.example", source: "hotel", clicked_at: new Date(now) },
        { partner_id: PARTNER.id, target_host: PARTNER.host, source: "hotel", clicked_at: new Date(now - 3 * DAY) },
        // Older rows without a partner: matched by host (case aside).
        { partner_id: null, target_host: "WWW.STUGPORTALEN.EXAMPLE", source: "hotel", clicked_at: new Date(now - 3 * DAY) },
        { partner_id: null, target_host: "hotellfynd.example", source: "hotel", clicked_at: new Date(now - 20 * DAY) },
        // Nobody's, and too old for 90 days.
        { partner_id: null, target_host: "www.booking.com", source: "hotel", clicked_at: new Date(now) },
        { partner_id: PARTNER.id, target_host: PARTNER.host, source: "hotel", clicked_at: new Date(now - 100 * DAY) },
      ])
      .execute();
  });

  it("draws a chart per partner over the chosen period, with the numbers in a table", async () => {
    const week = await page("/admin/partners?period=7");
    expect(week.text).toContain("Stugportalen AB · 4 clicks");
    expect(week.text).toContain("Hotellfynd · 0 clicks");
    expect(week.html).toMatch(/role="img" aria-label="Stugportalen AB: outbound clicks per day, last 7 days, 4 in all, most in one day 2"/);
    expect(week.html).toMatch(/<option value="7" selected="">Last 7 days<\/option>/);
    expect(week.html).toContain('href="/admin/partners/clicks.csv?period=7"');
    expect(week.html).toContain("<caption");

    const month = await page("/admin/partners?period=30");
    expect(month.text).toContain("Hotellfynd · 1 clicks");
    // An unknown period is the default, 30 days.
    expect((await page("/admin/partners?period=1000")).text).toContain("Hotellfynd · 1 clicks");
  });

  it("downloads them as CSV for administrators only", async () => {
    const response = await admin.get("/admin/partners/clicks.csv?period=7");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="partner-clicks-7-days-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("day,partner,clicks");
    const partners = await (await db()).selectFrom("partners").select("id").execute();
    expect(lines).toHaveLength(1 + 7 * partners.length);
    const today = new Date().toISOString().slice(0, 10);
    const threeDaysAgo = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
    expect(lines).toContain(`${today},${PARTNER.id},2`);
    expect(lines).toContain(`${threeDaysAgo},${PARTNER.id},2`);
    expect(lines).toContain(`${today},hotellfynd,0`);

    const ninety = (await (await admin.get("/admin/partners/clicks.csv?period=90")).text()).split("\r\n");
    const stug = ninety.filter((line) => line.includes(`,${PARTNER.id},`)).reduce((sum, line) => sum + Number(line.split(",")[2]), 0);
    expect(stug).toBe(4);
    expect(ninety.filter((line) => line.includes(",hotellfynd,")).reduce((sum, line) => sum + Number(line.split(",")[2]), 0)).toBe(1);

    const anonymous = await new Browser(app.origin).get("/admin/partners/clicks.csv?period=7");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("who may use the screen", () => {
  it("refuses a signed-in user without the administrator role, also the CSV and the actions", async () => {
    const user = new Browser(app.origin);
    expect(
      (await user.post("/login", { intent: "sign-up", email: "partnerfan@hotellguiden.test", password: "vanligt-lösenord-1" })).status,
    ).toBe(302);
    for (const path of ["/admin/partners", "/admin/partners/clicks.csv?period=30"]) {
      const response = await user.get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    const post = await user.post("/admin/partners", { intent: "deactivate", id: PARTNER.id });
    expect(post.headers.get("Location")).toBe("/");
    expect((await (await db()).selectFrom("partners").select("active").where("id", "=", PARTNER.id).executeTakeFirstOrThrow()).active).toBe(
      true,
    );
  });
});
