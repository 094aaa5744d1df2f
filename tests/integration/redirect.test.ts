/**
 * The affiliate redirect page /redirect: its loader called as React Router
 * calls it, against the app's own embedded database (a temporary DATA_DIR, a copy of the demo
 * catalogue seeded once per run like a first start), its markup rendered from that loader's data, and the partner-host and
 * click queries on every test database (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterContextProvider, RouterProvider, type RouterContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { copyPgliteTemplate } from "#tests/db-template.ts";
import { testDatabases } from "#tests/db.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-redirect-"));
process.env.DATA_DIR = dataDir;
// The demo catalogue with its next month of prices, as a first start seeds it (once per run: tests/global-setup.ts).
copyPgliteTemplate(dataDir, "demo");
// A configured partner besides the hosts of the catalogue's affiliate URLs, and two hosts that
// are not public, which no configuration makes a destination.
process.env.AFFILIATE_HOSTS = "partner.example:8443, Other-Partner.example, 127.0.0.1:4100, 169.254.169.254";

const { getAppDatabase, closeAppDatabase } = await import("#app/db/db.server.ts");
const { migrate } = await import("#app/operations/migrate.server.ts");
const { isCatalogueEmpty, seedDemoCatalogue } = await import("#app/operations/seed.server.ts");
const { clearCatalogueCache } = await import("#app/utils/catalogue-cache.server.ts");
const { affiliateUrlHosts, findAffiliatePartner, recordOutboundClick } = await import("#app/outbound/clicks.server.ts");
const { readFlash } = await import("#app/http/flash.server.ts");
const redirectRoute = await import("#app/routes/site/redirect.tsx");
const { NoscriptRefresh } = await import("#app/components/noscript-refresh.tsx");
const { authContext, clientAddressContext } = await import("#app/auth/request-auth.server.ts");

type PageData =
  | {
      kind: "forward";
      destination: string;
      host: string;
      partner?: { name: string; logo: string | null } | null;
      hotel?: { name: string; place: string; image: string | null; href: string } | null;
      stay?: { checkIn: string | null; checkOut: string | null; adults: number; rooms: number } | null;
    }
  | { kind: "warning"; destination: string; host: string }
  | { kind: "invalid" };

interface Loaded {
  status: number;
  headers: Headers;
  /** The page's data; null for a redirect. */
  page: PageData | null;
}

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** The router context of a request from `address`, signed in as an administrator or not. */
function contextFor(address: string, admin = false) {
  const auth = admin
    ? { session: { user: { id: crypto.randomUUID(), email: "admin@hotellguiden.test" } }, isAdmin: async () => true }
    : { session: null, isAdmin: async () => false };
  return new RouterContextProvider(
    new Map<RouterContext<unknown>, unknown>([
      [clientAddressContext, address],
      [authContext, auth],
    ]),
  );
}

/**
 * Runs the loader for `url` and flattens its answer (a Response or data() with init). The
 * request comes from a browser (its user agent) unless `init` says otherwise.
 */
async function load(url: string, init?: RequestInit, context = contextFor("198.51.100.7")): Promise<Loaded> {
  const headers = new Headers(init?.headers);
  if (!headers.has("User-Agent")) headers.set("User-Agent", BROWSER_UA);
  const result: unknown = await redirectRoute.loader({
    request: new Request(`http://localhost${url}`, { ...init, headers }),
    url: new URL(`http://localhost${url}`),
    params: {},
    context,
  } as never);
  if (result instanceof Response) return { status: result.status, headers: result.headers, page: null };
  const { data, init: responseInit } = result as { data: PageData; init: ResponseInit | null };
  return { status: responseInit?.status ?? 200, headers: new Headers(responseInit?.headers), page: data };
}

const redirectUrl = (to: string, rest = "") => `/redirect?to=${encodeURIComponent(to)}${rest}`;

/**
 * The route's markup for loader data, as the server renders it: what the root puts in the head
 * for the route's handle (the no-JavaScript refresh), then the page.
 */
function render(page: PageData): string {
  const router = createMemoryRouter(
    [
      {
        id: "redirect",
        path: "/redirect",
        handle: redirectRoute.handle,
        loader: () => page,
        Component: () =>
          createElement("div", null, createElement(NoscriptRefresh), createElement(redirectRoute.default, { loaderData: page } as never)),
      },
    ],
    { initialEntries: ["/redirect"], hydrationData: { loaderData: { redirect: page } } },
  );
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}

const headMatches = [{ id: "root", data: { siteName: "Hotellguiden", siteUrl: "https://hotellguiden.se" } }];
const meta = (data: PageData | undefined) => redirectRoute.meta({ data, matches: headMatches } as never);

const clicks = () => getAppDatabase().db.selectFrom("outbound_clicks").selectAll().orderBy("id").execute();

beforeAll(async () => {
  const { db } = getAppDatabase();
  // Applies nothing on the seeded copy (it applies every migration where there is none).
  await migrate(undefined, db);
  if (await isCatalogueEmpty(db)) await seedDemoCatalogue({ prices: "near" }, db);
  // A catalogue hotel whose own affiliate link goes to a partner without a partners row.
  await db
    .insertInto("hotels")
    .values({
      hotel_id: "BOOKING-1",
      name: "Grand Hotel",
      country: "Sweden",
      location: "Stockholm",
      affiliate_url: "https://www.booking.com/hotel/se/grand.html",
    })
    .execute();
});
beforeEach(async () => {
  await getAppDatabase().db.deleteFrom("outbound_clicks").execute();
});
afterAll(async () => {
  await closeAppDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a known partner host", () => {
  const destination = "https://www.booking.com/searchresults.sv.html?ss=Grand+Hotel&aid=hotellguiden";

  it("gets the countdown page with a no-JS meta refresh, and one click row", async () => {
    const before = Date.now();
    const loaded = await load(redirectUrl(destination, "&source=booking-sidebar&hotel=grand-hotel"));
    expect(loaded).toMatchObject({ status: 200, page: { kind: "forward", destination, host: "www.booking.com" } });
    expect(loaded.headers.get("Cache-Control")).toBe("no-store");
    expect(loaded.headers.has("Set-Cookie")).toBe(false);

    const rows = await clicks();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hotel_id: "grand-hotel", source: "booking-sidebar", target_host: "www.booking.com" });
    expect(rows[0]!.clicked_at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(rows[0]!.clicked_at.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    // Nothing that identifies the visitor is stored: only a hash salted with a secret of the day.
    expect(Object.keys(rows[0]!).sort()).toEqual([
      "adults",
      "check_in",
      "check_out",
      "clicked_at",
      "hotel_id",
      "id",
      "partner_id",
      "rooms",
      "source",
      "target_host",
      "visitor_hash",
    ]);
    expect(rows[0]!.visitor_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(rows[0])).not.toContain("198.51.100.7");

    const html = render(loaded.page!);
    expect(html).toContain(
      '<noscript><meta http-equiv="refresh" content="3; url=https://www.booking.com/searchresults.sv.html?ss=Grand+Hotel&amp;aid=hotellguiden"/></noscript>',
    );
    expect(html).toContain("Du skickas vidare till www.booking.com");
    expect(html).toContain("om 3 sekunder");
    expect(html).toMatch(
      /<a href="https:\/\/www\.booking\.com\/searchresults\.sv\.html\?ss=Grand\+Hotel&amp;aid=hotellguiden" rel="nofollow noopener"[^>]*>Om inget händer, klicka här/,
    );
    // The cancel button needs JavaScript, so the server does not render it.
    expect(html).not.toContain("<button");
  });

  it("counts hosts from AFFILIATE_HOSTS too, port and all, in any case", async () => {
    expect((await load(redirectUrl("https://partner.example:8443/deal"))).page).toMatchObject({ kind: "forward" });
    expect((await load(redirectUrl("https://OTHER-PARTNER.example/"))).page).toMatchObject({
      kind: "forward",
      host: "other-partner.example",
    });
    expect((await load(redirectUrl("https://partner.example/deal"))).page).toMatchObject({ kind: "warning" });
    expect((await clicks()).map((row) => row.target_host)).toEqual(["partner.example:8443", "other-partner.example"]);
  });

  it("records an empty source and hotel as null, and drops unusable ones", async () => {
    await load(redirectUrl(destination));
    await load(redirectUrl(destination, `&source=%3Cb%3E&hotel=${"x".repeat(101)}`), {}, contextFor("198.51.100.8"));
    expect((await clicks()).map(({ source, hotel_id }) => ({ source, hotel_id }))).toEqual([
      { source: null, hotel_id: null },
      { source: null, hotel_id: null },
    ]);
  });

  it("counts a visitor's click on one hotel and partner once, however often the address is loaded", async () => {
    const link = redirectUrl(destination, "&source=hotel-page&hotel=grand-hotel");
    for (let i = 0; i < 20; i++) expect((await load(link)).page).toMatchObject({ kind: "forward" });
    await Promise.all(Array.from({ length: 20 }, () => load(link)));
    expect(await clicks()).toHaveLength(1);
    // Another hotel, another visitor (address or browser): each a click of its own.
    await load(redirectUrl(destination, "&source=hotel-page&hotel=annat-hotell"));
    await load(link, {}, contextFor("198.51.100.99"));
    await load(link, { headers: { "User-Agent": `${BROWSER_UA} Edg/156.0.0.0` } });
    expect(await clicks()).toHaveLength(4);
  });

  it("counts at most a few dozen clicks an hour from one address, whatever user agents it claims", async () => {
    const context = contextFor("198.51.100.50");
    for (let i = 0; i < 40; i++) {
      await load(redirectUrl(destination, `&hotel=hotell-${i}`), { headers: { "User-Agent": `${BROWSER_UA} v${i}` } }, context);
    }
    expect(await clicks()).toHaveLength(30);
  });

  it("does not count crawlers, scripts without a user agent, or signed-in administrators", async () => {
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect((await load(redirectUrl(destination), { headers: { "User-Agent": googlebot } })).page).toMatchObject({ kind: "forward" });
    expect((await load(redirectUrl(destination), { headers: { "User-Agent": "curl/8.5.0" } })).page).toMatchObject({ kind: "forward" });
    expect((await load(redirectUrl(destination), { headers: { "User-Agent": "" } })).page).toMatchObject({ kind: "forward" });
    expect((await load(redirectUrl(destination), {}, contextFor("198.51.100.60", true))).page).toMatchObject({ kind: "forward" });
    expect(await clicks()).toHaveLength(0);
  });

  it("does not count HEAD requests or prefetches as clicks", async () => {
    expect((await load(redirectUrl(destination), { method: "HEAD" })).status).toBe(200);
    expect((await load(redirectUrl(destination), { headers: { "Sec-Purpose": "prefetch" } })).status).toBe(200);
    expect((await load(redirectUrl(destination), { headers: { Purpose: "prefetch" } })).status).toBe(200);
    expect(await clicks()).toHaveLength(0);
  });

  it("learns a new partner from the catalogue once the cache is cleared", async () => {
    const newPartner = redirectUrl("https://new-partner.example/hotel/1");
    expect((await load(newPartner)).page).toMatchObject({ kind: "warning" });
    await getAppDatabase()
      .db.insertInto("hotels")
      .values({
        hotel_id: "NEW-PARTNER-1",
        name: "Partnerhotellet",
        country: "Sweden",
        location: "Visby",
        affiliate_url: "https://new-partner.example/?aid=hg",
      })
      .execute();
    clearCatalogueCache(); // What admin writes do.
    expect((await load(newPartner)).page).toMatchObject({ kind: "forward", host: "new-partner.example" });
  });
});

describe("a partner of the partners table", () => {
  // The demo's partner Resekompassen: checkin={checkin}&checkout={checkout}&adults={adults}&rooms={rooms}.
  const landing = "https://www.resekompassen.example/hotell/hg-000001?ref=hotellguiden";

  it("gets the stay filled into its deep link, and the click remembers partner and stay", async () => {
    const stay = "&incheckning=2099-01-10&utcheckning=2099-01-13&vuxna=3&rum=2";
    // 2099 is more than MAX_DAYS_AHEAD away: the dates are dropped, the guests kept.
    const far = await load(redirectUrl(landing, `&source=compare&hotel=h1${stay}`));
    expect(far.page).toMatchObject({
      kind: "forward",
      destination: "https://www.resekompassen.example/hotell/hg-000001?ref=hotellguiden&adults=3&rooms=2",
    });
    const { addDays, todayInSweden } = await import("#app/utils/stay.ts");
    const checkIn = addDays(todayInSweden(), 10);
    const checkOut = addDays(checkIn, 3);
    const loaded = await load(redirectUrl(landing, `&source=compare&hotel=h2&incheckning=${checkIn}&utcheckning=${checkOut}&vuxna=2`));
    expect(loaded.page).toMatchObject({
      kind: "forward",
      host: "www.resekompassen.example",
      destination: `https://www.resekompassen.example/hotell/hg-000001?ref=hotellguiden&checkin=${checkIn}&checkout=${checkOut}&adults=2&rooms=1`,
    });
    expect(render(loaded.page!)).toContain(
      `content="3; url=https://www.resekompassen.example/hotell/hg-000001?ref=hotellguiden&amp;checkin=${checkIn}`,
    );
    const rows = await clicks();
    expect(
      rows.map(({ hotel_id, partner_id, check_in, check_out, adults, rooms }) => ({
        hotel_id,
        partner_id,
        check_in,
        check_out,
        adults,
        rooms,
      })),
    ).toEqual([
      { hotel_id: "h1", partner_id: "resekompassen", check_in: null, check_out: null, adults: 3, rooms: 2 },
      { hotel_id: "h2", partner_id: "resekompassen", check_in: expect.anything(), check_out: expect.anything(), adults: 2, rooms: 1 },
    ]);
    const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
    expect([day(rows[1]!.check_in), day(rows[1]!.check_out)]).toEqual([checkIn, checkOut]);
  });

  it("names the hotel (by its id), the partner and the stay, and the id changes nothing else", async () => {
    const { db } = getAppDatabase();
    const hotel = await db
      .selectFrom("hotels")
      .select(["id", "name", "image_path"])
      .where("hotel_id", "=", "HG-000001")
      .executeTakeFirstOrThrow();
    const { addDays, todayInSweden } = await import("#app/utils/stay.ts");
    const checkIn = addDays(todayInSweden(), 20);
    const checkOut = addDays(checkIn, 2);
    const stay = `&incheckning=${checkIn}&utcheckning=${checkOut}&vuxna=2`;
    const loaded = await load(redirectUrl(landing, `&source=booking-bar&hotel=h3&hotell=${hotel.id.toUpperCase()}${stay}`));
    expect(loaded).toMatchObject({
      status: 200,
      page: {
        kind: "forward",
        host: "www.resekompassen.example",
        partner: { name: "Resekompassen", logo: null },
        hotel: { name: hotel.name, image: hotel.image_path, href: expect.stringMatching(/^\/[^/]+\/[^/]+\/[a-z0-9-]+$/) },
        stay: { checkIn, checkOut, adults: 2, rooms: 1 },
      },
    });
    const page = loaded.page as Extract<PageData, { kind: "forward" }>;
    expect(page.hotel!.place).toMatch(/, /);
    // The click is the same as without the id: the page's slug, the partner, the stay.
    expect((await clicks()).map(({ hotel_id, partner_id, source }) => ({ hotel_id, partner_id, source }))).toEqual([
      { hotel_id: "h3", partner_id: "resekompassen", source: "booking-bar" },
    ]);

    const html = render(page);
    expect(html).toContain("Du skickas vidare till Resekompassen");
    expect(html).toContain(hotel.name!.replace(/&/g, "&amp;"));
    expect(html).toContain(`src="${hotel.image_path}"`);
    expect(html).toContain(`<noscript><meta http-equiv="refresh" content="3; url=${page.destination.replace(/&/g, "&amp;")}"/></noscript>`);
    expect(html).toContain("om 3 sekunder");
    expect(html).toMatch(/2 vuxna, 1 rum/);
    expect(meta(page)).toEqual(expect.arrayContaining([{ title: "Du skickas vidare till Resekompassen | Hotellguiden" }]));

    // The same link without the id, or with one that is not a uuid or names no hotel: no hotel shown, same destination.
    for (const hotell of ["", "&hotell=1%20or%201%3D1", `&hotell=${hotel.id}x`, "&hotell=00000000-0000-4000-8000-000000000000"]) {
      const other = await load(redirectUrl(landing, `&hotel=h3${hotell}${stay}`), {}, contextFor("198.51.100.9"));
      expect(other.page).toMatchObject({ kind: "forward", destination: page.destination, hotel: null, partner: { name: "Resekompassen" } });
    }
  });

  it("shows the stay without a hotel, and a partner with a logo", async () => {
    const { db } = getAppDatabase();
    await db.updateTable("partners").set({ logo_url: "/images/partners/resekompassen.svg" }).where("id", "=", "resekompassen").execute();
    clearCatalogueCache();
    try {
      const loaded = await load(redirectUrl(landing, "&vuxna=3&rum=2"));
      expect(loaded.page).toMatchObject({
        kind: "forward",
        partner: { name: "Resekompassen", logo: "/images/partners/resekompassen.svg" },
        hotel: null,
        stay: { checkIn: null, checkOut: null, adults: 3, rooms: 2 },
      });
      const html = render(loaded.page!);
      expect(html).toContain('<img src="/images/partners/resekompassen.svg" alt="Resekompassen logotyp"');
      expect(html).toContain("Din vistelse: 3 vuxna, 2 rum");
    } finally {
      await db.updateTable("partners").set({ logo_url: null }).where("id", "=", "resekompassen").execute();
      clearCatalogueCache();
    }
    // A host without a partners row is named by its host, and a default stay is not shown.
    const plain = await load(redirectUrl("https://www.booking.com/hotel/se/grand.html"));
    expect(plain.page).toMatchObject({ kind: "forward", partner: null, hotel: null, stay: null });
    expect(render(plain.page!)).not.toContain("Din vistelse");
  });

  it("never forwards to this machine, a private network or a metadata address, whoever names the host", async () => {
    const { db } = getAppDatabase();
    const hotel = await db.selectFrom("hotels").select("id").orderBy("hotel_id").executeTakeFirstOrThrow();
    const before = await db.selectFrom("hotels").select("affiliate_url").where("id", "=", hotel.id).executeTakeFirstOrThrow();
    // Written past the partners screen: a partner row and a hotel's affiliate link on private hosts.
    await db.insertInto("partners").values({ id: "internt", name: "Internt", host: "10.0.0.5" }).execute();
    await db.updateTable("hotels").set({ affiliate_url: "http://192.168.1.10/bokning" }).where("id", "=", hotel.id).execute();
    clearCatalogueCache();
    try {
      for (const to of [
        "http://127.0.0.1:4100/admin", // AFFILIATE_HOSTS names it
        "http://2130706433:4100/admin", // the same, as one number
        "http://0x7f.1:4100/admin", // and in hexadecimal
        "http://169.254.169.254/latest/meta-data/", // AFFILIATE_HOSTS names it
        "http://10.0.0.5/hotell", // an active partner's host
        "http://192.168.1.10/bokning", // a hotel's affiliate_url host
        "http://[::ffff:127.0.0.1]:4100/",
        "http://localhost:4100/",
      ]) {
        const { page } = await load(redirectUrl(to));
        expect(page, to).toMatchObject({ kind: "warning" });
      }
      expect(await clicks()).toHaveLength(0);
    } finally {
      await db.deleteFrom("partners").where("id", "=", "internt").execute();
      await db.updateTable("hotels").set({ affiliate_url: before.affiliate_url }).where("id", "=", hotel.id).execute();
      clearCatalogueCache();
    }
  });

  it("is not forwarded to once deactivated", async () => {
    const { db } = getAppDatabase();
    await db.updateTable("partners").set({ active: false }).where("id", "=", "hotellfynd").execute();
    clearCatalogueCache();
    try {
      expect((await load(redirectUrl("https://hotellfynd.example/hotell/hg-000002"))).page).toMatchObject({ kind: "warning" });
      expect(await clicks()).toHaveLength(0);
    } finally {
      await db.updateTable("partners").set({ active: true }).where("id", "=", "hotellfynd").execute();
      clearCatalogueCache();
    }
  });
});

describe("an unknown host", () => {
  it("gets a warning naming the host, with a manual link and no automatic forward", async () => {
    const destination = "https://evil.example/login?next=%2Fkonto";
    const loaded = await load(redirectUrl(destination, "&source=booking-sidebar&hotel=grand-hotel"));
    expect(loaded).toMatchObject({ status: 200, page: { kind: "warning", destination, host: "evil.example" } });
    expect(loaded.headers.get("Cache-Control")).toBe("no-store");
    expect(await clicks()).toHaveLength(0);

    const html = render(loaded.page!);
    expect(html).not.toContain("http-equiv");
    expect(html).not.toContain("om 3 sekunder");
    expect(html).toContain("Länken leder till <strong");
    expect(html).toContain(">evil.example</strong>, som inte är en av våra partner. Kontrollera adressen innan du fortsätter.");
    expect(html).toContain(`<a href="${destination}" rel="nofollow noopener"`);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Till startsidan<\/a>/);
  });

  it("is not mistaken for a partner by look-alike hosts", async () => {
    for (const destination of [
      "https://booking.com/",
      "https://www.booking.com.evil.example/",
      "https://www.booking.com:8443/",
      "http://www.booking.com%2eevil.example/",
      "https://xn--bokng-fra.com/",
    ]) {
      const { page } = await load(redirectUrl(destination));
      expect(page?.kind, destination).not.toBe("forward");
    }
    expect(await clicks()).toHaveLength(0);
  });
});

describe("a missing destination", () => {
  it.each(["/redirect", "/redirect?to=", "/redirect?to=%20&source=booking-sidebar&hotel=grand-hotel"])(
    "%s sends the visitor home with the spec's flash message",
    async (url) => {
      const loaded = await load(url);
      expect(loaded.status).toBe(302);
      expect(loaded.headers.get("Location")).toBe("/");
      expect(loaded.headers.get("Cache-Control")).toBe("no-store");
      const cookie = loaded.headers.get("Set-Cookie");
      expect(cookie).toMatch(/^hg_flash=/);
      const { flash } = await readFlash(new Request("http://localhost/", { headers: { Cookie: cookie!.split(";")[0]! } }));
      expect(flash).toEqual({
        title: "Omdirigeringsfel",
        description: "Måladress saknas. Du skickas till startsidan.",
        variant: "destructive",
      });
      expect(await clicks()).toHaveLength(0);
    },
  );
});

describe("a destination that is not an absolute http(s) URL", () => {
  it.each([
    "javascript:alert(1)",
    "javascript://www.booking.com/%0aalert(1)",
    "//evil.example",
    "//www.booking.com/hotel",
    "ftp://x",
    "not a url",
    "http://",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "/hotels",
    "https://www.booking.com@evil.example/",
  ])("answers 400 for %j and writes no row", async (destination) => {
    const loaded = await load(redirectUrl(destination, "&source=booking-sidebar&hotel=grand-hotel"));
    expect(loaded).toMatchObject({ status: 400, page: { kind: "invalid" } });
    expect(loaded.headers.get("Cache-Control")).toBe("no-store");
    expect(loaded.headers.has("Set-Cookie")).toBe(false);
    expect(await clicks()).toHaveLength(0);
  });

  it("renders an error page that does not echo the input", async () => {
    const { page } = await load(redirectUrl("javascript:alert('<b>hej</b>')"));
    const html = render(page!);
    expect(html).toContain("Ogiltig måladress");
    expect(html).not.toContain("alert");
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("http-equiv");
  });
});

describe("hostile input", () => {
  it("never reaches the markup unescaped", async () => {
    const known = await load(
      redirectUrl(
        `https://www.booking.com/'onmouseover='alert(1)'/"><script>alert(1)</script>?q=<img src=x onerror=alert(1)>#"><svg onload=alert(1)>`,
      ),
    );
    expect(known.page).toMatchObject({ kind: "forward", host: "www.booking.com" });
    const unknown = await load(
      redirectUrl(`https://evil.example/"><script>alert(1)</script>`, "&hotel=%3Cscript%3Ealert(1)%3C%2Fscript%3E"),
    );
    expect(unknown.page).toMatchObject({ kind: "warning" });
    for (const page of [known.page!, unknown.page!]) {
      const html = render(page);
      expect(html).not.toMatch(/<script|<img|<svg|onmouseover='|" onload/i);
      // Every link and the refresh keep their attribute whole.
      for (const [, attribute] of html.matchAll(/(?:href|content)="([^"]*)"/g)) expect(attribute).not.toMatch(/[<>]/);
    }
    expect(render(known.page!)).toContain("&#x27;onmouseover=&#x27;alert(1)&#x27;");
  });
});

describe("the page's head and headers", () => {
  it("is noindex with a title for each case", () => {
    expect(meta({ kind: "forward", destination: "https://www.booking.com/", host: "www.booking.com" })).toEqual(
      expect.arrayContaining([
        { title: "Du skickas vidare till www.booking.com | Hotellguiden" },
        { name: "robots", content: "noindex" },
        { tagName: "link", rel: "canonical", href: "https://hotellguiden.se/redirect" },
      ]),
    );
    expect(meta({ kind: "warning", destination: "https://evil.example/", host: "evil.example" })).toEqual(
      expect.arrayContaining([{ title: "Kontrollera länken | Hotellguiden" }, { name: "robots", content: "noindex" }]),
    );
    expect(meta({ kind: "invalid" })).toEqual(
      expect.arrayContaining([{ title: "Ogiltig måladress | Hotellguiden" }, { name: "robots", content: "noindex" }]),
    );
    // No data: the loader failed and the root boundary shows the error.
    expect(meta(undefined)).toEqual(
      expect.arrayContaining([{ title: "Omdirigering | Hotellguiden" }, { name: "robots", content: "noindex" }]),
    );
  });

  it("is never stored by a cache", () => {
    expect(new Headers(redirectRoute.headers()).get("Cache-Control")).toBe("no-store");
    expect(new Headers(redirectRoute.headers()).get("X-Robots-Tag")).toBe("noindex, nofollow");
  });
});

describe.each(testDatabases())("partner hosts and clicks on $name", (testDb) => {
  let handle: Awaited<ReturnType<typeof testDb.open>>;
  beforeAll(async () => {
    handle = await testDb.open();
    await handle.db
      .insertInto("hotels")
      .values(
        [
          // The schema only lets http(s) URLs in (hotels_affiliate_url_http); within that, anything goes.
          "HTTPS://WWW.Booking.com:443/hotel?aid=1 ",
          "https://www.booking.com/other",
          "http://127.0.0.1:3299/partner",
          "http://[::1]:8080?aid=1",
          "https://user:secret@se.hotels.com/x",
          "https://evil.example\\@www.expedia.se/",
          null,
        ].map((affiliate_url, i) => ({ hotel_id: `H${i}`, name: `Hotell ${i}`, country: "Sweden", location: "Visby", affiliate_url })),
      )
      .execute();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("reads each partner host once, normalised like the page's `to`", async () => {
    expect([...(await affiliateUrlHosts(handle.db))].sort()).toEqual([
      "127.0.0.1:3299",
      "[::1]:8080",
      "evil.example",
      "se.hotels.com",
      "www.booking.com",
    ]);
    expect(await findAffiliatePartner("www.booking.com", [], handle.db)).toEqual({ known: true, partner: null });
    expect(await findAffiliatePartner("www.expedia.se", [], handle.db)).toEqual({ known: false });
    expect(await findAffiliatePartner("www.expedia.se", ["www.expedia.se"], handle.db)).toEqual({ known: true, partner: null });
  });

  it("writes a click with the database's time, once per visitor, hotel and partner", async () => {
    const click = { hotel: "hotell-1", source: "booking-sidebar", targetHost: "www.booking.com" };
    const visitor = { address: "192.0.2.1", userAgent: BROWSER_UA };
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => recordOutboundClick(click, visitor, handle.db)));
    expect(outcomes.filter((outcome) => outcome === "counted")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "repeat")).toHaveLength(9);
    const rows = await handle.db.selectFrom("outbound_clicks").selectAll().execute();
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        hotel_id: "hotell-1",
        source: "booking-sidebar",
        target_host: "www.booking.com",
        clicked_at: expect.any(Date),
        visitor_hash: expect.any(String),
        partner_id: null,
        check_in: null,
        check_out: null,
        adults: null,
        rooms: null,
      },
    ]);
  });

  it("forgets past days' salts and the hashes made with them", async () => {
    const { forgetClickVisitors } = await import("#app/outbound/clicks.server.ts");
    await handle.db.insertInto("click_salts").values({ day: "2020-01-01", salt: "gammalt" }).execute();
    await handle.db
      .insertInto("outbound_clicks")
      .values({
        hotel_id: "gammal",
        source: null,
        target_host: "www.booking.com",
        visitor_hash: "h",
        clicked_at: new Date("2020-01-01T12:00:00Z"),
      })
      .execute();
    expect(await forgetClickVisitors(undefined, handle.db)).toBe(1);
    expect(await handle.db.selectFrom("click_salts").select("day").where("day", "=", "2020-01-01").execute()).toHaveLength(0);
    const old = await handle.db
      .selectFrom("outbound_clicks")
      .select("visitor_hash")
      .where("hotel_id", "=", "gammal")
      .executeTakeFirstOrThrow();
    expect(old.visitor_hash).toBeNull();
  });
});
