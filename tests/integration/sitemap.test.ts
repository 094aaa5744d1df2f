/**
 * The live sitemap (sitemap.server.ts) on both drivers: a well-formed urlset at demo size
 * with one URL per page and the spec's priorities, and past the limit of URLs per file a
 * sitemap index whose parts each hold at most that many URLs and together list every URL
 * (proven at a small limit on the demo catalogue; the 50,000 default by planSitemap). Then the routes
 * (/sitemap.xml, /sitemaps/:file, /robots.txt, /sitemap) against the app's own database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { blogPostPath } from "#app/utils/paths.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { countSitemapUrls, openSitemap, planSitemap, renderSitemap, SITEMAP_MAX_URLS, xmlEscape } from "#app/seo/sitemap-xml.server.ts";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { seedDemoCatalogue } from "#app/operations/seed.server.ts";
import { countryPath, hotelPath, placePath } from "#app/utils/paths.ts";
import { slugify } from "#app/utils/slug.ts";
import { amenityLandingPath, LANDMARK_RADIUS_METRES, landmarkLandingPath, neighbourhoodPath } from "#app/hotels/landing-pages.ts";
import { distanceMetres, hasCoordinates } from "#app/location/distance.ts";
import { testDatabases } from "#tests/db.ts";
import { copyPgliteTemplate } from "#tests/db-template.ts";

const SITE = "https://hotellguiden.example";
// Set before anything reads the environment (the demo seed's price import does, and it is read once).
process.env.SITE_URL = SITE;
const NOW = new Date("2026-11-21T10:00:00Z");
const TODAY = "2026-11-21";
const POST_WITHOUT_SLUG = "5b0c1c9e-2f0a-4c51-9d6e-0a1b2c3d4e5f";

// A tiny XML checker ------------------------------------------------------------------------

/**
 * Throws unless `xml` is a well-formed document of the shape sitemaps use: the declaration,
 * one root element, balanced tags, quoted attributes and only the predefined or numeric
 * entities in text. Returns the root element's name.
 */
function checkWellFormed(xml: string): string {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
  if (!xml.startsWith(declaration)) throw new Error("missing XML declaration");
  const token = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  const stack: string[] = [];
  let root: string | null = null;
  let closed = false;
  token.lastIndex = declaration.length;
  for (let match = token.exec(xml); match; match = token.exec(xml)) {
    const [, slash, name, attributes, selfClosing, text, stray] = match;
    if (stray) throw new Error(`stray "<" at ${match.index}`);
    if (text !== undefined) {
      if (!stack.length && text.trim()) throw new Error(`text outside the root element at ${match.index}`);
      const badEntity = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.exec(text);
      if (badEntity) throw new Error(`unescaped "&" at ${match.index + badEntity.index}`);
      continue;
    }
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(attributes ?? ""))
      throw new Error(`unescaped "&" in attributes of <${name}>`);
    if (slash) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}> at ${match.index}`);
      if (!stack.length) closed = true;
      continue;
    }
    if (closed) throw new Error(`second root element <${name}>`);
    root ??= name!;
    if (!selfClosing) stack.push(name!);
  }
  if (stack.length) throw new Error(`unclosed <${stack.join("> <")}>`);
  if (!root) throw new Error("no root element");
  return root;
}

const unescape = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[name]!);

interface Entry {
  loc: string;
  lastmod: string;
  priority: string;
}

function urlEntries(xml: string): Entry[] {
  expect(checkWellFormed(xml)).toBe("urlset");
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
    loc: unescape(/<loc>([^<]*)<\/loc>/.exec(body!)?.[1] ?? ""),
    lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(body!)?.[1] ?? "",
    priority: /<priority>([^<]*)<\/priority>/.exec(body!)?.[1] ?? "",
  }));
}

function indexEntries(xml: string): string[] {
  expect(checkWellFormed(xml)).toBe("sitemapindex");
  return [...xml.matchAll(/<sitemap>\s*<loc>([^<]*)<\/loc>/g)].map(([, loc]) => unescape(loc!));
}

// What the database says the sitemap must hold ----------------------------------------------------

async function expectedUrls(db: Kysely<Database>): Promise<Map<string, Omit<Entry, "loc">>> {
  const { rows: countries } = await sql<{ country: string }>`
    select distinct on (place_key(country)) country from hotels
    where coalesce(place_key(country), '') <> '' order by place_key(country), country`.execute(db);
  const { rows: places } = await sql<{ country: string; location: string }>`
    select distinct on (place_key(country), place_key(location)) country, location from hotels
    where coalesce(place_key(country), '') <> '' and coalesce(place_key(location), '') <> ''
    order by place_key(country), place_key(location), country, location`.execute(db);
  const hotels = await db
    .selectFrom("hotels")
    .select(["hotel_id", "name", "country", "location", "slug", "district", "amenity_keys", "latitude", "longitude"])
    .where("country", "is not", null)
    .where("location", "is not", null)
    .execute();
  const posts = await db.selectFrom("hotels_blog_posts").select(["id", "slug", "updated_at"]).where("published", "=", true).execute();

  const urls = new Map<string, Omit<Entry, "loc">>();
  const add = (pathname: string, priority: string, lastmod = TODAY) => {
    expect(urls.has(SITE + pathname), `duplicate ${pathname}`).toBe(false);
    urls.set(SITE + pathname, { lastmod, priority });
  };
  add("/", "1.0");
  add("/hotels", "0.9");
  for (const { country } of countries) add(countryPath(country)!, "0.8");
  for (const { country, location } of places) add(placePath(country, location)!, "0.7");
  // Neighbourhoods and place × amenity landing pages from five hotels (decision 079), counted here in JS.
  const landings = new Map<string, number>();
  const count = (path: string | null) => path && landings.set(path, (landings.get(path) ?? 0) + 1);
  for (const hotel of hotels) {
    // The demo spells each place one way, so a hotel's own spelling is its pages'.
    const [country, location] = [hotel.country!, hotel.location!];
    if (hotel.district) count(neighbourhoodPath(country, location, slugify(hotel.district)));
    for (const key of hotel.amenity_keys) count(amenityLandingPath(country, location, key));
  }
  // Landmark pages (decision 080): the hotels within the radius, measured here in JS, whatever their place.
  const landmarks = await db
    .selectFrom("place_landmarks as l")
    .innerJoin("catalogue_places as p", (join) =>
      join.onRef("p.country_key", "=", "l.country_key").onRef("p.location_key", "=", "l.location_key"),
    )
    .select(["p.country", "p.location", "l.slug", "l.latitude", "l.longitude"])
    .execute();
  for (const landmark of landmarks) {
    const centre = { latitude: Number(landmark.latitude), longitude: Number(landmark.longitude) };
    const near = hotels.filter((hotel) => {
      const position = {
        latitude: hotel.latitude === null ? null : Number(hotel.latitude),
        longitude: hotel.longitude === null ? null : Number(hotel.longitude),
      };
      return hasCoordinates(position) && distanceMetres(position, centre) <= LANDMARK_RADIUS_METRES;
    });
    landings.set(landmarkLandingPath(landmark.country, landmark.location, landmark.slug)!, near.length);
  }
  for (const [path, hotelsThere] of landings) if (hotelsThere >= 5) add(path, "0.6");
  for (const hotel of hotels) add(hotelPath(hotel)!, "0.6");
  for (const post of posts) add(blogPostPath(post), "0.6", new Date(post.updated_at).toISOString().slice(0, 10));
  return urls;
}

const options = { siteUrl: SITE, now: NOW };

for (const database of testDatabases()) {
  describe(`sitemap on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;

    beforeAll(async () => {
      handle = await database.open();
      db = handle.db;
      await seedDemoCatalogue({ now: new Date("2026-11-01T12:00:00Z"), prices: "none" }, db);
      // A post edited after it was written, one without a slug (its id stands in), and a
      // draft that must stay out.
      await db
        .insertInto("hotels_blog_posts")
        .values([
          {
            title: "Höst i Visby",
            slug: "host-i-visby",
            content: "[]",
            published: true,
            created_at: "2026-10-01T08:00:00Z",
            updated_at: "2026-11-15T08:00:00Z",
          },
          {
            id: POST_WITHOUT_SLUG,
            title: "Utan slug",
            slug: null,
            content: "[]",
            published: true,
            created_at: "2026-10-02T08:00:00Z",
            updated_at: "2026-10-03T23:30:00Z",
          },
          { title: "Utkast", slug: "utkast-som-inte-syns", content: "[]", published: false },
        ])
        .execute();
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("is one well-formed urlset at demo size: every page once, with the spec's priorities and lastmod", async () => {
      const expected = await expectedUrls(db);
      const counts = await countSitemapUrls(db);
      const published = await db
        .selectFrom("hotels_blog_posts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("published", "=", true)
        .executeTakeFirstOrThrow();
      expect(counts).toMatchObject({ pages: 2, hotels: 600, posts: Number(published.n) });
      expect(counts.total).toBe(
        counts.countries + counts.places + counts.neighbourhoods + counts.landings + counts.landmarks + counts.hotels + 2 + counts.posts,
      );
      expect(counts.countries).toBeGreaterThanOrEqual(12);
      expect(counts.total).toBe(expected.size);

      const xml = (await renderSitemap(options, undefined, db))!;
      const entries = urlEntries(xml);
      expect(entries).toHaveLength(expected.size);
      expect(new Set(entries.map((entry) => entry.loc)).size).toBe(entries.length);
      for (const entry of entries) {
        expect(expected.get(entry.loc), entry.loc).toEqual({ lastmod: entry.lastmod, priority: entry.priority });
      }

      const byLoc = new Map(entries.map((entry) => [entry.loc, entry]));
      expect(byLoc.get(`${SITE}/`)?.priority).toBe("1.0");
      expect(byLoc.get(`${SITE}/hotels`)?.priority).toBe("0.9");
      expect(byLoc.get(`${SITE}/Sweden`)?.priority).toBe("0.8");
      expect(byLoc.get(`${SITE}/Sweden/Malm%C3%B6`)?.priority).toBe("0.7");
      expect(byLoc.get(`${SITE}/blog/host-i-visby`)).toEqual({ loc: `${SITE}/blog/host-i-visby`, lastmod: "2026-11-15", priority: "0.6" });
      expect(byLoc.get(`${SITE}/blog/${POST_WITHOUT_SLUG}`)).toMatchObject({ lastmod: "2026-10-03", priority: "0.6" });
      expect(byLoc.get(`${SITE}/blog/en-helg-i-stockholm`)).toMatchObject({ lastmod: "2026-10-29", priority: "0.6" });
      expect(byLoc.has(`${SITE}/blog/utkast-som-inte-syns`)).toBe(false);
      expect(entries.filter((entry) => entry.priority === "0.6" && !/\/(blog|omrade|med|nara)\//.test(entry.loc))).toHaveLength(600);
      expect(byLoc.get(`${SITE}/Sweden/Stockholm/omrade/sodermalm`)?.priority).toBe("0.6");
      expect(byLoc.get(`${SITE}/Sweden/Stockholm/med/frukost`)?.priority).toBe("0.6");
      expect(counts.neighbourhoods).toBeGreaterThan(20);
      expect(counts.landings).toBeGreaterThan(20);
      expect(byLoc.get(`${SITE}/Sweden/Stockholm/nara/centralstationen`)?.priority).toBe("0.6");
      expect(counts.landmarks).toBeGreaterThan(10);
    });

    it("reads in keyset batches of any size without losing or repeating a URL", async () => {
      const whole = await renderSitemap(options, undefined, db);
      expect(await renderSitemap({ ...options, batchSize: 7 }, undefined, db)).toBe(whole);
      expect(await renderSitemap({ ...options, batchSize: 600 }, undefined, db)).toBe(whole);
    });

    it("escapes every value and leaves out hotels without a place", async () => {
      await db
        .insertInto("hotels")
        .values([
          { hotel_id: "X&<'\"1", name: null, country: "Tom & Jerry's <Land>", location: 'A&B "Stad"' },
          { hotel_id: "NO-PLACE-1", name: "Hotell utan ort", country: "Sweden", location: null },
          { hotel_id: "NO-PLACE-2", name: "Hotell utan land", country: "  ", location: "Ingenstans" },
        ])
        .execute();
      try {
        const xml = (await renderSitemap(options, undefined, db))!;
        const locs = urlEntries(xml).map((entry) => entry.loc);
        const odd = await db
          .selectFrom("hotels")
          .select(["country", "location", "slug"])
          .where("hotel_id", "=", "X&<'\"1")
          .executeTakeFirstOrThrow();
        expect(locs).toContain(SITE + countryPath(odd.country)!);
        expect(locs).toContain(SITE + placePath(odd.country, odd.location)!);
        expect(locs).toContain(SITE + hotelPath(odd)!);
        expect(locs.some((loc) => loc.includes("hotell-utan"))).toBe(false);
        expect(locs.some((loc) => loc.includes("Ingenstans"))).toBe(false);
      } finally {
        await db.deleteFrom("hotels").where("hotel_id", "in", ["X&<'\"1", "NO-PLACE-1", "NO-PLACE-2"]).execute();
      }
      expect(xmlEscape(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
    });

    it("lists no address with an empty or dot segment, whatever a stored row's place holds", async () => {
      // Rows written around the importer (which refuses them): places that name nothing.
      const legacy = [
        { hotel_id: "DOT-1", name: "evil", country: "..", location: ".." },
        { hotel_id: "DOT-2", name: "evil2", country: ".", location: "." },
        { hotel_id: "DOT-3", name: "evil3", country: "Sweden", location: "." },
        { hotel_id: "DOT-4", name: "evil4", country: "..", location: "Stockholm" },
        { hotel_id: "DOT-5", name: "evil5", country: "Sweden", location: "-" },
      ];
      await db.insertInto("hotels").values(legacy).execute();
      try {
        const locs = urlEntries((await renderSitemap(options, undefined, db))!).map((entry) => entry.loc);
        expect(locs.filter((loc) => /\/\/|\/\.{1,2}(\/|$)|\/-(\/|$)|evil/.test(loc.slice(SITE.length)))).toEqual([]);
        expect(await countSitemapUrls(db)).toMatchObject({ total: locs.length });
      } finally {
        await db.deleteFrom("hotels").where("hotel_id", "like", "DOT-%").execute();
      }
    });

    it("splits by section when a file would pass the limit, with every part under it", async () => {
      const whole = urlEntries((await renderSitemap(options, undefined, db))!);
      const opened = await openSitemap({ ...options, maxUrlsPerFile: 100 }, undefined, db);
      expect(opened.plan.index).toBe(true);
      const index = indexEntries(await new Response(opened.stream).text());
      // The pages (countries, places, neighbourhood, amenity and landmark pages) pass 200 at demo size too.
      expect(index.map((loc) => loc.replace(`${SITE}/sitemaps/`, ""))).toEqual([
        "pages-1.xml",
        "pages-2.xml",
        "pages-3.xml",
        "blog-1.xml",
        "hotels-1.xml",
        "hotels-2.xml",
        "hotels-3.xml",
        "hotels-4.xml",
        "hotels-5.xml",
        "hotels-6.xml",
      ]);
      const parts: Entry[] = [];
      for (const loc of index) {
        const file = loc.slice(loc.lastIndexOf("/") + 1);
        const entries = urlEntries((await renderSitemap({ ...options, maxUrlsPerFile: 100, batchSize: 30 }, file, db))!);
        expect(entries.length).toBeGreaterThan(0);
        expect(entries.length).toBeLessThanOrEqual(100);
        parts.push(...entries);
      }
      expect(parts.map((entry) => entry.loc).sort()).toEqual(whole.map((entry) => entry.loc).sort());
      expect(await renderSitemap({ ...options, maxUrlsPerFile: 100 }, "hotels-7.xml", db)).toBeNull();
      expect(await renderSitemap(options, "nonsense.xml", db)).toBeNull();
    });

    describe("past the limit of URLs per file", () => {
      // The same index as past 50,000 URLs, at a limit the demo catalogue passes: 600 hotels
      // make two hotel files of at most 400 (the default limit is proven in planSitemap below).
      const limit = 400;

      it("is a sitemap index whose parts each hold at most the limit and together list every URL", async () => {
        const expected = await expectedUrls(db);
        expect(expected.size).toBeGreaterThan(limit);

        const opened = await openSitemap({ ...options, maxUrlsPerFile: limit }, undefined, db);
        expect(opened.plan.index).toBe(true);
        const index = indexEntries(await new Response(opened.stream).text());
        expect(index).toEqual([
          `${SITE}/sitemaps/pages-1.xml`,
          `${SITE}/sitemaps/blog-1.xml`,
          `${SITE}/sitemaps/hotels-1.xml`,
          `${SITE}/sitemaps/hotels-2.xml`,
        ]);

        const seen = new Set<string>();
        for (const loc of index) {
          // Batches smaller than a part, so a part is read across several keyset pages.
          const file = loc.slice(loc.lastIndexOf("/") + 1);
          const entries = urlEntries((await renderSitemap({ ...options, maxUrlsPerFile: limit, batchSize: 150 }, file, db))!);
          expect(entries.length).toBeLessThanOrEqual(limit);
          for (const entry of entries) {
            expect(seen.has(entry.loc), `${entry.loc} twice`).toBe(false);
            seen.add(entry.loc);
            expect(expected.get(entry.loc), entry.loc).toEqual({ lastmod: entry.lastmod, priority: entry.priority });
          }
        }
        expect(seen.size).toBe(expected.size);
      });
    });
  });
}

describe("planSitemap at the default limit", () => {
  it("is one urlset up to 50,000 URLs, and past that an index of parts of at most 50,000 URLs", () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const counts = (hotels: number) => {
      const sized = { pages: 2, countries: 12, places: 60, neighbourhoods: 0, landings: 0, landmarks: 0, posts: 3, hotels };
      return { ...sized, total: sized.pages + sized.countries + sized.places + sized.posts + sized.hotels };
    };
    const fits = planSitemap(counts(SITEMAP_MAX_URLS - 77));
    expect(fits.index).toBe(false);
    expect(fits.counts.total).toBe(SITEMAP_MAX_URLS);

    const past = planSitemap(counts(60_000));
    expect(past.index).toBe(true);
    expect(past.parts.map((part) => [part.file, part.offset, part.urls])).toEqual([
      ["pages-1.xml", 0, 74],
      ["blog-1.xml", 0, 3],
      ["hotels-1.xml", 0, 50_000],
      ["hotels-2.xml", 50_000, 10_000],
    ]);
    for (const part of past.parts) expect(part.urls).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
    expect(past.parts.reduce((sum, part) => sum + part.urls, 0)).toBe(past.counts.total);
  });
});

// The routes, against the app's own embedded database -------------------------------------------

describe("crawler routes", () => {
  let dataDir = "";
  let routes: {
    robots: typeof import("#app/routes/resources/robots[.]txt.ts");
    sitemapXml: typeof import("#app/routes/resources/sitemap[.]xml.ts");
    sitemapPart: typeof import("#app/routes/resources/sitemaps.$file.ts");
    sitemapPage: typeof import("#app/routes/site/sitemap.tsx");
  };
  let closeAppDatabase: () => Promise<void>;
  const args = (url: string, params: Record<string, string> = {}) =>
    ({ request: new Request(`http://localhost${url}`), params, context: {} }) as never;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-sitemap-"));
    process.env.DATA_DIR = dataDir;
    copyPgliteTemplate(dataDir);
    const dbModule = await import("#app/db/db.server.ts");
    closeAppDatabase = dbModule.closeAppDatabase;
    const { migrate } = await import("#app/operations/migrate.server.ts");
    const { db } = dbModule.getAppDatabase();
    await migrate(undefined, db);
    await seedDemoCatalogue({ hotels: 120, prices: "none" }, db);
    routes = {
      robots: await import("#app/routes/resources/robots[.]txt.ts"),
      sitemapXml: await import("#app/routes/resources/sitemap[.]xml.ts"),
      sitemapPart: await import("#app/routes/resources/sitemaps.$file.ts"),
      sitemapPage: await import("#app/routes/site/sitemap.tsx"),
    };
  });
  afterAll(async () => {
    await closeAppDatabase?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("/robots.txt allows all but the private paths and names the sitemap", async () => {
    const response = routes.robots.loader();
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const disallowed of ["/admin", "/login", "/redirect", "/resources/"]) expect(text).toContain(`\nDisallow: ${disallowed}\n`);
    expect(text).toMatch(new RegExp(`^Sitemap: ${SITE}/sitemap\\.xml$`, "m"));
  });

  it("/sitemap.xml streams XML with the caching headers", async () => {
    const response = await routes.sitemapXml.loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(response.body).toBeInstanceOf(ReadableStream);
    const entries = urlEntries(await response.text());
    expect(entries[0]).toMatchObject({ loc: `${SITE}/`, priority: "1.0" });
  });

  it("/sitemaps/:file serves existing parts and 404s anything else", async () => {
    const part = await routes.sitemapPart.loader(args("/sitemaps/hotels-1.xml", { file: "hotels-1.xml" }));
    expect(part.status).toBe(200);
    expect(part.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(urlEntries(await part.text())).toHaveLength(120);
    for (const file of ["hotels-2.xml", "hotels-0.xml", "../etc.xml", "pages-1.txt"]) {
      const response = await routes.sitemapPart.loader(args(`/sitemaps/${file}`, { file }));
      expect(response.status, file).toBe(404);
    }
  });

  it("/sitemap lists every country with its places, and the published posts", async () => {
    const data = await routes.sitemapPage.loader();
    const sweden = data.countries.find((country) => country.name === "Sverige");
    expect(sweden?.path).toBe("/Sweden");
    expect(sweden?.places).toContainEqual({ name: "Malmö", path: "/Sweden/Malm%C3%B6" });
    expect(sweden?.places).toContainEqual({ name: "Göteborg", path: "/Sweden/Gothenburg" });
    expect(data.countries.map((country) => country.name)).toEqual(
      [...data.countries.map((country) => country.name)].sort(new Intl.Collator("sv-SE").compare),
    );
    expect(data.posts.length).toBe(data.postCount);
    expect(data.posts).toContainEqual({ title: expect.any(String), path: "/blog/en-helg-i-stockholm" });
  });
});
