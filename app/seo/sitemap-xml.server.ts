/**
 * The live XML sitemap, which the back office's Sitemap Generator previews and downloads, read
 * straight from the database on every request, and the data of the /sitemap page for people.
 *
 * Up to 50,000 URLs, /sitemap.xml is one <urlset>. Past that it is a <sitemapindex> whose
 * parts are served at /sitemaps/{section}-{n}.xml, each at most 50,000 URLs:
 *   pages-{n}.xml   home, /hotels, every country, every place, and the neighbourhood, amenity and
 *                   landmark landing pages with enough hotels to be indexed (decisions 079, 080)
 *   blog-{n}.xml    published blog posts
 *   hotels-{n}.xml  hotels, in id order
 * The parts can be fetched in either mode; only the index lists them.
 *
 * Hotels and posts are read by keyset pagination on id in batches and written to a
 * ReadableStream as the client reads it, so 100,000 hotels are never in memory at once.
 * (PGlite's driver has no cursors; keyset pages work on both drivers.)
 */
import { href } from "react-router";
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { blogPostPath, countryPath, hotelPath, placePath } from "#app/utils/paths.ts";
import { listCountries, listLocationsWithCountry } from "#app/hotels/places.server.ts";
import { cachedRead, dropKeptCopies } from "#app/utils/catalogue-cache.server.ts";
import { indexableAmenityLandingPaths, indexableNeighbourhoodPaths } from "#app/hotels/neighbourhoods.server.ts";
import { indexableLandmarkPaths } from "#app/location/landmark-pages.server.ts";

type DB = Kysely<Database>;

/** The sitemaps.org limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read per query while streaming. */
const SITEMAP_BATCH_SIZE = 5_000;

/** Spec §9. */
const SITEMAP_PRIORITY = {
  home: "1.0",
  hotels: "0.9",
  country: "0.8",
  place: "0.7",
  landing: "0.6",
  hotel: "0.6",
  post: "0.6",
} as const;

export const SITEMAP_HEADERS: Record<string, string> = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=300",
};

/** The answer while the database is down: crawlers come back later instead of dropping URLs. */
export function sitemapUnavailable(): Response {
  return new Response("Sitemap temporarily unavailable\n", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "60" },
  });
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export interface SitemapUrl {
  /** Site-relative path, already URL-encoded (from countryPath, placePath, hotelPath). */
  path: string;
  /** YYYY-MM-DD. */
  lastmod: string;
  priority: string;
}

/** URLs per kind; `pages` is the home page and /hotels. */
export interface SitemapCounts {
  pages: number;
  countries: number;
  places: number;
  /** Neighbourhood pages with at least five hotels. */
  neighbourhoods: number;
  /** Place × amenity landing pages with at least five hotels. */
  landings: number;
  /** Landmark pages (/nara/) with at least five hotels within their radius. */
  landmarks: number;
  posts: number;
  hotels: number;
  total: number;
}

export type SitemapSection = "pages" | "blog" | "hotels";

/** One file of a sitemap index. */
export interface SitemapPart {
  section: SitemapSection;
  /** 1-based number within its section. */
  number: number;
  /** File name, e.g. hotels-2.xml; served at /sitemaps/{file} (routes/resources/sitemaps.$file.ts). */
  file: string;
  /** Position of its first URL within the section. */
  offset: number;
  /** URLs in this file (at most maxUrlsPerFile). */
  urls: number;
}

export interface SitemapPlan {
  /** True when /sitemap.xml is a sitemap index (more URLs than fit one file). */
  index: boolean;
  parts: SitemapPart[];
  counts: SitemapCounts;
}

export interface SitemapOptions {
  /** The site's origin, e.g. https://hotellguiden.se (SITE_URL). */
  siteUrl: string;
  /** "Today" for lastmod; defaults to now. */
  now?: Date;
  batchSize?: number;
  /** Defaults to the sitemaps.org limit of 50,000. */
  maxUrlsPerFile?: number;
  /** Reuse the page URLs and counts for a minute (the public routes; not the back office's preview). */
  cacheTotals?: boolean;
}

/** Escapes the five XML special characters. */
export function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (char) =>
    char === "&" ? "&amp;" : char === "<" ? "&lt;" : char === ">" ? "&gt;" : char === '"' ? "&quot;" : "&apos;",
  );
}

/** A W3C date (YYYY-MM-DD, UTC), as sitemaps use for lastmod. */
function sitemapDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// Reads ---------------------------------------------------------------------------------

interface PageUrls {
  urls: SitemapUrl[];
  countries: number;
  places: number;
  neighbourhoods: number;
  landings: number;
  landmarks: number;
}

/**
 * Home, /hotels, every country and every place (a few hundred at most). One URL per country
 * and place as the site matches them (place_key), whatever the spelling. Both lists walk the
 * (country_key, location_key) index one key at a time (a "skip scan": one index probe per
 * country or place) instead of reading and sorting every hotel: at 100,000 hotels on PGlite,
 * about 30 ms instead of about 1.5 s.
 */
async function readPageUrls(today: string, db: DB = getAppDatabase().db): Promise<PageUrls> {
  const [{ rows: countries }, { rows: places }, neighbourhoods, landings, landmarks] = await Promise.all([
    sql<{ country: string }>`
      with recursive keys as (
        (select country_key from hotels where country_key > '' order by country_key limit 1)
        union all
        select (select h.country_key from hotels h where h.country_key > k.country_key order by h.country_key limit 1)
        from keys k
        where k.country_key is not null
      )
      select s.country
      from keys k
      cross join lateral (select h.country from hotels h where h.country_key = k.country_key limit 1) s
      order by k.country_key
    `.execute(db),
    sql<{ country: string; location: string }>`
      with recursive keys as (
        (select country_key, location_key from hotels
         where country_key > '' and location_key > ''
         order by country_key, location_key limit 1)
        union all
        select n.country_key, n.location_key
        from keys k
        cross join lateral (
          select h.country_key, h.location_key from hotels h
          where (h.country_key, h.location_key) > (k.country_key, k.location_key)
            and h.country_key > '' and h.location_key > ''
          order by h.country_key, h.location_key limit 1
        ) n
      )
      select s.country, s.location
      from keys k
      cross join lateral (
        select h.country, h.location from hotels h
        where h.country_key = k.country_key and h.location_key = k.location_key limit 1
      ) s
      order by k.country_key, k.location_key
    `.execute(db),
    indexableNeighbourhoodPaths(db),
    indexableAmenityLandingPaths(db),
    indexableLandmarkPaths(db),
  ]);
  const urls: SitemapUrl[] = [
    { path: href("/"), lastmod: today, priority: SITEMAP_PRIORITY.home },
    { path: href("/hotels"), lastmod: today, priority: SITEMAP_PRIORITY.hotels },
  ];
  // A country or place stored with a name that names nothing ('..') has no page: left out.
  const countryPaths = countries.flatMap((row) => countryPath(row.country) ?? []);
  const placePaths = places.flatMap((row) => placePath(row.country, row.location) ?? []);
  for (const path of countryPaths) urls.push({ path, lastmod: today, priority: SITEMAP_PRIORITY.country });
  for (const path of placePaths) urls.push({ path, lastmod: today, priority: SITEMAP_PRIORITY.place });
  for (const path of [...neighbourhoods, ...landings, ...landmarks])
    urls.push({ path, lastmod: today, priority: SITEMAP_PRIORITY.landing });
  return {
    urls,
    countries: countryPaths.length,
    places: placePaths.length,
    neighbourhoods: neighbourhoods.length,
    landings: landings.length,
    landmarks: landmarks.length,
  };
}

/**
 * Hotels with a page: those with a country and a place that name something (not '.', '..' or
 * '-', which rows written around the importer may hold) and a slug, so the counts the files
 * are planned by match the URLs listed (hotelPath has the last word on each row).
 */
function hotelsWithPage(db: DB = getAppDatabase().db) {
  return db
    .selectFrom("hotels")
    .where(sql<boolean>`country_key ~ '[^[:punct:][:space:]]' and location_key ~ '[^[:punct:][:space:]]'`)
    .where("slug", "is not", null);
}

function publishedPosts(db: DB = getAppDatabase().db) {
  return db.selectFrom("hotels_blog_posts").where("published", "=", true);
}

async function countHotels(db: DB = getAppDatabase().db): Promise<number> {
  const row = await hotelsWithPage(db)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function countPosts(db: DB = getAppDatabase().db): Promise<number> {
  const row = await publishedPosts(db)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Rows by keyset pagination on id: `take` rows from position `offset`, `batchSize` per query.
 * Only the first query skips (OFFSET on the primary key index); the rest continue after the
 * last id seen. Stops early when the table runs out.
 */
async function* keysetBatches<Row extends { id: string }>(
  page: (after: string | null, skip: number, limit: number) => Promise<Row[]>,
  offset: number,
  take: number,
  batchSize: number,
): AsyncGenerator<Row[]> {
  let after: string | null = null;
  let remaining = take;
  while (remaining > 0) {
    const limit = Math.min(batchSize, remaining);
    const rows = await page(after, after === null ? offset : 0, limit);
    if (rows.length) yield rows;
    if (rows.length < limit) return;
    remaining -= rows.length;
    after = rows[rows.length - 1]!.id;
  }
}

function hotelBatches(offset: number, take: number, batchSize: number, db: DB = getAppDatabase().db) {
  return keysetBatches(
    (after, skip, limit) => {
      let query = hotelsWithPage(db).select(["id", "country", "location", "slug"]);
      if (after !== null) query = query.where("id", ">", after);
      return query.orderBy("id").offset(skip).limit(limit).execute();
    },
    offset,
    take,
    batchSize,
  );
}

function postBatches(offset: number, take: number, batchSize: number, db: DB = getAppDatabase().db) {
  return keysetBatches(
    (after, skip, limit) => {
      let query = publishedPosts(db).select(["id", "slug", "updated_at"]);
      if (after !== null) query = query.where("id", ">", after);
      return query.orderBy("id").offset(skip).limit(limit).execute();
    },
    offset,
    take,
    batchSize,
  );
}

// Plan ----------------------------------------------------------------------------------

/** Reads what every sitemap document needs before its first byte: the page URLs and the counts. */
async function readTotals(today: string, db: DB = getAppDatabase().db): Promise<{ pages: PageUrls; counts: SitemapCounts }> {
  const [pages, posts, hotels] = await Promise.all([readPageUrls(today, db), countPosts(db), countHotels(db)]);
  const fixed = pages.urls.length - pages.countries - pages.places - pages.neighbourhoods - pages.landings - pages.landmarks;
  return {
    pages,
    counts: {
      pages: fixed,
      countries: pages.countries,
      places: pages.places,
      neighbourhoods: pages.neighbourhoods,
      landings: pages.landings,
      landmarks: pages.landmarks,
      posts,
      hotels,
      total: pages.urls.length + posts + hotels,
    },
  };
}

/** How many URLs of each kind the sitemap holds right now (for the back office, too). */
export async function countSitemapUrls(db: DB = getAppDatabase().db): Promise<SitemapCounts> {
  return (await readTotals(sitemapDate(new Date()), db)).counts;
}

/** The files of the sitemap for these counts: one per section, split every maxUrlsPerFile URLs. */
export function planSitemap(counts: SitemapCounts, maxUrlsPerFile: number = SITEMAP_MAX_URLS): SitemapPlan {
  const sections: Array<[SitemapSection, number]> = [
    ["pages", counts.pages + counts.countries + counts.places + counts.neighbourhoods + counts.landings + counts.landmarks],
    ["blog", counts.posts],
    ["hotels", counts.hotels],
  ];
  const parts: SitemapPart[] = [];
  for (const [section, size] of sections) {
    for (let offset = 0, number = 1; offset < size; offset += maxUrlsPerFile, number++) {
      parts.push({ section, number, file: `${section}-${number}.xml`, offset, urls: Math.min(maxUrlsPerFile, size - offset) });
    }
  }
  return { index: counts.total > maxUrlsPerFile, parts, counts };
}

// XML -----------------------------------------------------------------------------------

interface WriteContext {
  db: DB;
  origin: string;
  today: string;
  pages: SitemapUrl[];
  batchSize: number;
}

function urlXml(origin: string, url: SitemapUrl): string {
  return `<url><loc>${xmlEscape(origin + url.path)}</loc><lastmod>${xmlEscape(url.lastmod)}</lastmod><priority>${url.priority}</priority></url>\n`;
}

async function* partUrls(ctx: WriteContext, part: SitemapPart): AsyncGenerator<SitemapUrl[]> {
  const end = part.offset + part.urls;
  switch (part.section) {
    case "pages":
      for (let start = part.offset; start < end; start += ctx.batchSize) {
        yield ctx.pages.slice(start, Math.min(end, start + ctx.batchSize));
      }
      return;
    case "blog":
      for await (const rows of postBatches(part.offset, part.urls, ctx.batchSize, ctx.db)) {
        yield rows.map((post) => ({
          path: blogPostPath(post),
          lastmod: sitemapDate(new Date(post.updated_at)),
          priority: SITEMAP_PRIORITY.post,
        }));
      }
      return;
    case "hotels":
      for await (const rows of hotelBatches(part.offset, part.urls, ctx.batchSize, ctx.db)) {
        // A row stored around the importer with a place that names nothing has no page: left out.
        yield rows.flatMap((hotel) => {
          const path = hotelPath(hotel);
          return path ? [{ path, lastmod: ctx.today, priority: SITEMAP_PRIORITY.hotel }] : [];
        });
      }
      return;
  }
}

async function* urlsetXml(ctx: WriteContext, parts: SitemapPart[]): AsyncGenerator<string> {
  yield `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n`;
  for (const part of parts) {
    for await (const urls of partUrls(ctx, part)) {
      let chunk = "";
      for (const url of urls) chunk += urlXml(ctx.origin, url);
      yield chunk;
    }
  }
  yield "</urlset>\n";
}

async function* indexXml(ctx: WriteContext, parts: SitemapPart[]): AsyncGenerator<string> {
  let chunk = `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n`;
  for (const part of parts) {
    const loc = `${ctx.origin}${href("/sitemaps/:file", { file: part.file })}`;
    chunk += `<sitemap><loc>${xmlEscape(loc)}</loc><lastmod>${ctx.today}</lastmod></sitemap>\n`;
  }
  yield `${chunk}</sitemapindex>\n`;
}

/** A byte stream that pulls the next chunk only when the reader wants it; cancel stops the reads. */
function toStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

export interface OpenedSitemap {
  plan: SitemapPlan;
  stream: ReadableStream<Uint8Array>;
}

/**
 * The sitemap as a stream: `/sitemap.xml` without `file` (a urlset, or an index past the
 * limit), or one part of the index (e.g. "hotels-2.xml"); null for a part that does not exist.
 * The counts and the small lists are read before this resolves, so a database failure
 * rejects here rather than in the middle of the body.
 */
export async function openSitemap(options: SitemapOptions, file?: undefined, db?: DB): Promise<OpenedSitemap>;
export async function openSitemap(options: SitemapOptions, file: string | undefined, db?: DB): Promise<OpenedSitemap | null>;
export async function openSitemap(options: SitemapOptions, file?: string, db: DB = getAppDatabase().db): Promise<OpenedSitemap | null> {
  const today = sitemapDate(options.now ?? new Date());
  // Counting 100,000 hotels on every crawler visit is the public sitemap's main cost: its routes
  // keep the totals briefly, like the country and place lists (admin writes empty the cache).
  const { pages, counts } = await (options.cacheTotals
    ? cachedRead(db, `sitemap-totals:${today}`, () => readTotals(today, db))
    : readTotals(today, db));
  const plan = planSitemap(counts, options.maxUrlsPerFile ?? SITEMAP_MAX_URLS);
  const ctx: WriteContext = {
    db,
    origin: new URL(options.siteUrl).origin,
    today,
    pages: pages.urls,
    batchSize: Math.max(1, options.batchSize ?? SITEMAP_BATCH_SIZE),
  };
  if (file === undefined) {
    return { plan, stream: toStream(plan.index ? indexXml(ctx, plan.parts) : urlsetXml(ctx, plan.parts)) };
  }
  const part = plan.parts.find((candidate) => candidate.file === file);
  return part ? { plan, stream: toStream(urlsetXml(ctx, [part])) } : null;
}

/** The whole document as text (the back office's preview and download); null as openSitemap. */
export async function renderSitemap(options: SitemapOptions, file?: string, db: DB = getAppDatabase().db): Promise<string | null> {
  const opened = await openSitemap(options, file, db);
  return opened ? new Response(opened.stream).text() : null;
}

/**
 * /sitemap.xml is generated on every request: what can be stale is the cached catalogue lists
 * and totals it reads (and pages rendered from them), which this empties in this process. No
 * write happened (writes drop the copies by themselves, decision 063): the administrator asked.
 */
export function refreshLiveSitemap(): void {
  dropKeptCopies();
}

// The /sitemap page ------------------------------------------------------------------------

export interface SitemapPageData {
  countries: Array<{ name: string; path: string; places: Array<{ name: string; path: string }> }>;
  posts: Array<{ title: string; path: string }>;
  /** Published posts in all (the page lists the newest POSTS_ON_SITEMAP_PAGE). */
  postCount: number;
}

const POSTS_ON_SITEMAP_PAGE = 50;

/** Every country with its places, and the newest published posts, for the page people read. */
export async function loadSitemapPage(db: DB = getAppDatabase().db): Promise<SitemapPageData> {
  const [countries, places, posts, postCount] = await Promise.all([
    listCountries(db),
    listLocationsWithCountry(db),
    publishedPosts(db).select(["id", "slug", "title"]).orderBy("published_at", "desc").orderBy("id").limit(POSTS_ON_SITEMAP_PAGE).execute(),
    countPosts(db),
  ]);
  const byCountry = new Map<string, Array<{ name: string; path: string }>>();
  for (const place of places) {
    const list = byCountry.get(place.country) ?? [];
    const path = placePath(place.country, place.location);
    if (path) list.push({ name: place.location_name, path });
    byCountry.set(place.country, list);
  }
  return {
    countries: countries.flatMap((country) => {
      const path = countryPath(country.value);
      return path ? [{ name: country.label, path, places: byCountry.get(country.value) ?? [] }] : [];
    }),
    posts: posts.map((post) => ({ title: post.title, path: blogPostPath(post) })),
    postCount,
  };
}
