/**
 * /admin/partners over HTTP as an administrator against the demo catalogue: the list with
 * current offers and their freshness, adding and editing a partner (field errors keep what
 * was typed, a taken id or host is answered by the field), switching a partner off and on
 * (its offers leave the price source at once and the hotels' summary in the background), also
 * at a size where rewriting every summary in the switch's statement ran past PostgreSQL's
 * statement timeout, the clicks chart and its CSV. (Every admin route's guard: admin-guards.test.ts.)
 */
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { startAppProcess, type AppProcess } from "#tests/app-process.ts";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";
import { openFreshPostgres } from "#tests/db.ts";
import { partnerFieldError, partnerForm, partnerInputValue, readable } from "#tests/partner-form-page.ts";

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
const page = async (path = "/admin/partners") => {
  const response = await admin.get(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return { html, text: readable(html) };
};
const flashAfter = async (response: Response) => readable(await (await admin.follow(response)).text());
const form = partnerForm;
const fieldError = partnerFieldError;
const inputValue = partnerInputValue;

describe("the partner list", () => {
  it("shows each partner with its logo, host, status, template, current offers and their freshness", async () => {
    const { html, text } = await page();
    expect(text).toContain(
      "Stugportalen stugportalen · www.stugportalen.example Active from={checkin}&to={checkout}&people={adults} 2 Newest",
    );
    expect(html).toContain(`src="${PARTNER.logo_url}"`);
    // The four demo partners too, by name, with their offers counted.
    for (const name of ["Bäddbanken", "Hotellfynd", "Nattlogi", "Resekompassen"]) expect(text).toContain(name);
    // The demo partners price stays (rate plans): counted by hotel, their freshness is the price feed's.
    expect(text).toMatch(
      /Resekompassen resekompassen · www\.resekompassen\.example Active \S+ [1-9]\d* Prices per stay \(see the price feed\)/,
    );
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

  it("refuses a host that is not public, in any notation, and control characters in the name", async () => {
    for (const host of [
      "127.0.0.1:4100",
      "http://169.254.169.254/latest/",
      "10.0.0.8",
      "[::1]",
      "localhost",
      "0.0.0.0",
      "2130706433",
      "0x7f.1",
    ]) {
      const response = await admin.post("/admin/partners", form({ id: "intern", name: "Intern", host }));
      expect(response.status, host).toBe(400);
      expect(readable(fieldError(await response.text(), "host") ?? ""), host).toBe(
        "This is a local or private address (this machine, a private or link-local network, a cloud metadata address): a partner's host must be a public one, such as www.partner.se.",
      );
    }
    const named = await admin.post("/admin/partners", form({ id: "intern", name: "Intern\u001b[31mAB", host: "intern.example" }));
    expect(named.status).toBe(400);
    expect(fieldError(await named.text(), "name")).toBe("Remove the control characters (line breaks, tabs and the like).");
    expect(await (await db()).selectFrom("partners").select("id").where("id", "=", "intern").execute()).toEqual([]);
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
  it("takes its offers out of the hotels' lowest price and partner count, and out of the offers pages show", async () => {
    const database = await db();
    const { leadOffers } = await app.importApp<typeof import("#app/prices/stay-prices.server.ts")>("app/prices/stay-prices.server.ts");
    const summary = () =>
      database.selectFrom("hotels").select(["offer_count", "offer_price"]).where("id", "=", hotels[0]!.id).executeTakeFirstOrThrow();
    const shown = async () =>
      ((await leadOffers([hotels[0]!.id], 0, undefined, database)).get(hotels[0]!.id) ?? []).map((offer) => offer.partnerId);

    const before = await summary();
    expect(Number(before.offer_price)).toBe(1); // its 1 kr offer is the lowest
    expect(await shown()).toContain(PARTNER.id);

    const off = await admin.post("/admin/partners", { intent: "deactivate", id: PARTNER.id });
    expect(off.status).toBe(302);
    const message = await flashAfter(off);
    expect(message).toContain("Stugportalen AB's offers no longer show on the site, and /redirect no longer forwards to its host");
    expect(await shown()).not.toContain(PARTNER.id);
    expect((await page()).text).toMatch(/Stugportalen AB stugportalen · www\.stugportalen\.example Inactive/);
    // The app's background worker recomputes the summary.
    await vi.waitFor(
      async () => {
        const after = await summary();
        expect(after.offer_count).toBe(before.offer_count - 1);
        expect(Number(after.offer_price)).toBeGreaterThan(1);
      },
      { timeout: 30_000, interval: 100 },
    );

    const on = await admin.post("/admin/partners", { intent: "activate", id: PARTNER.id });
    expect(await flashAfter(on)).toContain("Partner activated");
    expect(await shown()).toContain(PARTNER.id);
    await vi.waitFor(async () => expect(await summary()).toEqual(before), { timeout: 30_000, interval: 100 });

    const unknown = await admin.post("/admin/partners", { intent: "deactivate", id: "finns-inte" });
    expect(await flashAfter(unknown)).toContain("There is no such partner");
  });
});

/**
 * Many hotels, loaded in SQL: one partner (Massportalen) offers every one of them, another
 * (Iblandportalen, 800 kr) every second one. Rewriting every hotel's summary in the switch's
 * own statement took about 5 s at 10,000 hotels here, past the 1 s statement timeout below.
 */
const MASS = { id: "massportalen", name: "Massportalen", host: "www.massportalen.example" };
const SOME = { id: "ibland", name: "Iblandportalen", host: "ibland.example" };

async function loadManyHotels(database: Kysely<Database>, count: number) {
  await database.insertInto("partners").values([MASS, SOME]).execute();
  // In statements of 500 hotels: the embedded database works on the test's own thread, and a
  // long statement would hold up the app's HTTP connections.
  for (let first = 1; first <= count; first += 500) {
    const numbers = sql`generate_series(${first}::int, ${Math.min(count, first + 499)}::int)`;
    await sql`
      insert into hotels (hotel_id, name, location, country, star_rating)
      select 'MASS-' || g, 'Masshotell ' || g, 'Massby', 'Sweden', 3 from ${numbers} g
    `.execute(database);
    await sql`
      insert into hotel_offers (hotel_id, partner_id, price_per_night, landing_url)
      select h.id, p.id, case when p.id = ${MASS.id} then 300 + g % 100 else 800 end, 'https://' || p.host || '/' || h.hotel_id
      from ${numbers} g
      join hotels h on h.hotel_id = 'MASS-' || g
      join partners p on p.id = ${MASS.id} or (p.id = ${SOME.id} and g % 2 = 0)
    `.execute(database);
  }
}

/** How many of the Massby hotels' list summaries are (lowest price, partners) as given. */
async function summariesLike(database: Kysely<Database>) {
  const { rows } = await sql<{ alone: number; both: number; other: number; none: number }>`
    select count(*) filter (where offer_count = 1 and offer_price = 800)::int as other,
           count(*) filter (where offer_count = 0 and offer_price is null)::int as none,
           count(*) filter (where offer_count = 1 and offer_price between 300 and 399)::int as alone,
           count(*) filter (where offer_count = 2 and offer_price between 300 and 399)::int as both
    from hotels where location = 'Massby'
  `.execute(database);
  return rows[0]!;
}

interface ScaleTarget {
  name: string;
  hotels: number;
  start(): Promise<{ origin: string; database: Kysely<Database>; stop(): Promise<void> }>;
}

const scaleTargets: ScaleTarget[] = [
  // The embedded database has no statement timeout: here the test is about what pages show.
  { name: "PGlite", hotels: 3_000, start: async () => ({ origin: app.origin, database: await db(), stop: async () => {} }) },
];
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl)
  scaleTargets.push({
    name: "PostgreSQL with a 1 s statement timeout",
    hotels: 10_000,
    async start() {
      const handle = await openFreshPostgres(serverUrl);
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
      const url = new URL(serverUrl);
      url.pathname = `/${rows[0]!.name}`;
      let server: AppProcess | undefined;
      try {
        server = await startAppProcess({ DATABASE_URL: url.toString(), DB_STATEMENT_TIMEOUT_MS: "1000" });
      } catch (error) {
        await handle.close();
        throw error;
      }
      return {
        origin: server.origin,
        database: handle.db,
        async stop() {
          await server.stop();
          await handle.close();
        },
      };
    },
  });

describe.each(scaleTargets)("switching a partner off and on with $hotels hotels on $name", (target) => {
  let started: Awaited<ReturnType<ScaleTarget["start"]>>;
  let staff: Browser;
  const visitor = () => new Browser(started.origin);
  const half = target.hotels / 2;
  const hotelPage = async (number: number) => {
    const response = await visitor().get(hotelPath({ country: "Sweden", location: "Massby", slug: `masshotell-${number}` })!);
    expect(response.status).toBe(200);
    return visibleText(await response.text());
  };
  const listPage = async (query = "") => {
    const response = await visitor().get(`/Sweden/Massby${query}`);
    expect(response.status).toBe(200);
    return visibleText(await response.text());
  };

  beforeAll(async () => {
    started = await target.start();
    await loadManyHotels(started.database, target.hotels);
    // Loading the embedded database held this thread for seconds, past the app's keep-alive
    // time: the connection fetch kept idle is closed under its first request (ECONNRESET).
    await new Browser(started.origin).get("/healthz").catch(() => undefined);
    staff = new Browser(started.origin);
    await signIn(staff, TEST_ADMIN.email, TEST_ADMIN.password);
  }, 300_000);
  afterAll(async () => {
    await started?.stop();
  });

  it("takes effect at once for the administrator, the hotel pages and the cards; list summaries follow in the background", async () => {
    expect(await summariesLike(started.database)).toEqual({ alone: half, both: half, other: 0, none: 0 });
    expect(await hotelPage(1)).toContain(MASS.name);
    expect(await listPage()).toContain("hos 2 sajter");

    const off = await staff.post("/admin/partners", { intent: "deactivate", id: MASS.id });
    expect(off.status).toBe(302);
    expect(readable(await (await staff.follow(off)).text())).toContain("Massportalen's offers no longer show on the site");
    expect(readable(await (await staff.get("/admin/partners")).text())).toMatch(
      /Massportalen massportalen · www\.massportalen\.example Inactive/,
    );
    // At once, before any summary is recomputed: no page shows its prices.
    expect(await hotelPage(1)).not.toContain(MASS.name);
    const both = await hotelPage(2);
    expect(both).not.toContain(MASS.name);
    expect(both).toContain(SOME.name);
    const cards = await listPage();
    expect(cards).not.toContain("hos 2 sajter");
    expect(cards).not.toMatch(/\b3\d\d\skr/);

    await vi.waitFor(async () => expect(await summariesLike(started.database)).toEqual({ alone: 0, both: 0, other: half, none: half }), {
      timeout: 180_000,
      interval: 250,
    });
    // The lists' price order and price filter read the recomputed summaries.
    expect(await listPage("?sortera=pris")).toMatch(/800\skr/);
    expect(await listPage("?prismax=500")).toContain("Inga hotell hittades");

    const on = await staff.post("/admin/partners", { intent: "activate", id: MASS.id });
    expect(visibleText(await (await staff.follow(on)).text())).toContain("Partner activated");
    expect(await hotelPage(1)).toContain(MASS.name);
    expect(await listPage()).toContain("hos 2 sajter");
    await vi.waitFor(async () => expect(await summariesLike(started.database)).toEqual({ alone: half, both: half, other: 0, none: 0 }), {
      timeout: 180_000,
      interval: 250,
    });
    expect(await listPage("?prismax=500")).not.toContain("Inga hotell hittades");
  }, 420_000);
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
