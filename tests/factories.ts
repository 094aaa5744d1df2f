/**
 * Rows for tests, written through the app's own write paths: hotels through the upsert the feed
 * importer and the demo seed use (so the database gives each its slug and amenity keys), partners
 * through the back office's save, offers through the offer importer's upsert, prices per stay
 * through the price importer's check and write (rate plans, nightly rates, the lead prices
 * recomputed), posts through the editor's create, users through the user CLI's create.
 *
 * Each factory takes the database handle first (a test app's `await app.db()` or a
 * `testDatabases()` handle) and the fields that matter to the test; the rest have defaults that
 * make a valid row, unique within the run. Seed the whole demo catalogue (`seedDemoCatalogue`)
 * only where a test is about the catalogue's size or its demo content.
 */
import { pathToFileURL } from "node:url";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import type { PriceRecord } from "#app/prices/price-record.ts";
import type { HotelValues } from "#app/hotels/hotel-rows.server.ts";
import type { PartnerInput } from "#app/offers/partner-form.ts";
import type { PriceCounts } from "#app/prices/rate-rows.server.ts";
import { builtModule } from "#tests/app-build.ts";

type DB = Kysely<Database>;

/**
 * The app's write paths from the run's build (tests/app-build.ts), the module instances a test
 * app in this process runs (TestApp.importApp): a factory's write empties that app's caches as
 * the app's own writes do, and the test file does not compile the app's sources again.
 */
const appModule = <T>(file: string) => import(pathToFileURL(builtModule(file)).href) as Promise<T>;
const hotelRows = () => appModule<typeof import("#app/hotels/hotel-rows.server.ts")>("app/hotels/hotel-rows.server.ts");
const offerRows = () => appModule<typeof import("#app/offers/offer-rows.server.ts")>("app/offers/offer-rows.server.ts");
const partners = () => appModule<typeof import("#app/offers/partners.server.ts")>("app/offers/partners.server.ts");
const rateRows = () => appModule<typeof import("#app/prices/rate-rows.server.ts")>("app/prices/rate-rows.server.ts");
const posts = () => appModule<typeof import("#app/blog/posts.server.ts")>("app/blog/posts.server.ts");
const users = () => appModule<typeof import("#app/auth/users.server.ts")>("app/auth/users.server.ts");

/** YYYY-MM-DD `days` after `date`. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let sequence = 0;
/** A number no other factory row of this test file has had. */
const next = () => ++sequence;

// ---------------------------------------------------------------------------------------------
// Hotels

export type HotelFields = Partial<Omit<HotelValues, "additional_image_paths" | "amenities">> & {
  amenities?: string[];
  additional_image_paths?: string[];
};

/** A hotel as the importer would write it: in Stockholm, Sweden, 4 stars, 8.4, no partner link. */
export function hotelValues(fields: HotelFields = {}): HotelValues {
  const n = next();
  const values: HotelValues = {
    hotel_id: `T-${n}`,
    name: `Testhotellet ${n}`,
    description: "Ett hotell för tester.",
    rewritten_text: null,
    rating: 8.4,
    review_count: 120,
    star_rating: 4,
    price_amount: null,
    price_currency: null,
    image_path: null,
    additional_image_paths: [],
    amenities: ["Free WiFi"],
    location: "Stockholm",
    country: "Sweden",
    latitude: null,
    longitude: null,
    address: null,
    district: null,
    affiliate_url: null,
    has_affiliate_url: false,
    is_description_rewritten: false,
    ...fields,
  };
  // As feedHotelValues (app/feed/feed-row.ts) derives them when a row does not say.
  if (fields.has_affiliate_url === undefined) values.has_affiliate_url = values.affiliate_url !== null;
  if (fields.is_description_rewritten === undefined) values.is_description_rewritten = Boolean(values.rewritten_text?.trim());
  return values;
}

/** A hotel as stored: its generated id (hotels.id, what offers and prices refer to) and its slug. */
export interface CreatedHotel {
  id: string;
  hotel_id: string;
  name: string | null;
  country: string | null;
  location: string | null;
  slug: string;
}

/** Writes the hotels in one upsert (in order: of two of one name, the first gets the plain slug). */
export async function createHotels(db: DB, list: readonly HotelFields[]): Promise<CreatedHotel[]> {
  const values = list.map(hotelValues);
  const { upsertHotels, HOTEL_COLUMNS } = await hotelRows();
  await upsertHotels(values, HOTEL_COLUMNS, db);
  const rows = await db
    .selectFrom("hotels")
    .select(["id", "hotel_id", "name", "country", "location", "slug"])
    .where(
      "hotel_id",
      "in",
      values.map((hotel) => hotel.hotel_id),
    )
    .execute();
  const byFeedId = new Map(rows.map((row) => [row.hotel_id, row]));
  return values.map((hotel) => {
    const row = byFeedId.get(hotel.hotel_id);
    if (!row?.slug) throw new Error(`hotel ${hotel.hotel_id} was not written`);
    return { ...row, slug: row.slug };
  });
}

export async function createHotel(db: DB, fields: HotelFields = {}): Promise<CreatedHotel> {
  return (await createHotels(db, [fields]))[0]!;
}

// ---------------------------------------------------------------------------------------------
// Partners and offers

export type PartnerFields = Partial<PartnerInput>;

/** A partner as the back office saves it: active, its host `<id>.example`, no feed. */
export async function createPartner(db: DB, fields: PartnerFields = {}): Promise<PartnerInput> {
  const id = fields.id ?? `partner-${next()}`;
  const partner: PartnerInput = {
    id,
    name: id,
    host: `${id}.example`,
    logoUrl: null,
    deepLinkTemplate: "",
    feedUrl: null,
    landingUrlTemplate: null,
    active: true,
    ...fields,
  };
  const result = await (await partners()).savePartner(partner, null, db);
  if (!result.saved) throw new Error(`partner ${id} not saved: its ${result.field} is taken`);
  return partner;
}

/** The partner, made when there is none of that id yet (a test naming the same partner twice). */
export async function ensurePartner(db: DB, fields: PartnerFields & { id: string }): Promise<void> {
  const found = await db.selectFrom("partners").select("id").where("id", "=", fields.id).executeTakeFirst();
  if (!found) await createPartner(db, fields);
}

export interface OfferFields {
  /** hotels.id */
  hotelId: string;
  partnerId: string;
  pricePerNight: number;
  currency?: string;
  /** Default: a page on the partner's host. */
  landingUrl?: string;
  breakfastIncluded?: boolean;
  freeCancellation?: boolean;
  /** When the partner stated it; default now. */
  updatedAt?: Date;
}

/** Offers as the offer feed importer writes them (the partners must exist). */
export async function createOffers(db: DB, offers: readonly OfferFields[]): Promise<void> {
  const hosts = new Map(
    (await db.selectFrom("partners").select(["id", "host"]).execute()).map((partner) => [partner.id, partner.host] as const),
  );
  const { upsertOffers } = await offerRows();
  await upsertOffers(
    offers.map((offer) => ({
      hotel_id: offer.hotelId,
      partner_id: offer.partnerId,
      price_per_night: offer.pricePerNight,
      currency: offer.currency ?? "SEK",
      landing_url: offer.landingUrl ?? `https://${hosts.get(offer.partnerId) ?? `${offer.partnerId}.example`}/${offer.hotelId}`,
      breakfast_included: offer.breakfastIncluded ?? false,
      free_cancellation: offer.freeCancellation ?? false,
      updated_at: offer.updatedAt ?? null,
    })),
    db,
  );
}

// ---------------------------------------------------------------------------------------------
// Prices per stay

export interface RateFields {
  /** The hotel's feed id (hotels.hotel_id), as a partner's price file names it. */
  hotel: string;
  /** The partner's id; made (host `<id>.example`) when there is none. */
  partner: string;
  /** The first night (YYYY-MM-DD) and how many follow it, each priced `base` + `tax` + `fees`. */
  from: string;
  nights: number;
  base: number;
  tax?: number;
  fees?: number;
  currency?: string;
  adults?: number;
  rooms?: number;
  breakfast?: boolean;
  refundable?: boolean;
  freeCancellationUntil?: string | null;
  payAtHotel?: boolean;
  roomKey?: string;
  roomName?: string | null;
  /** Default: a page on the partner's host for the hotel. */
  landingUrl?: string;
  /** When the partner stated the price; default 2 hours 10 minutes ago (read "för 2 timmar sedan" however long the test takes). */
  confirmedAt?: Date;
}

/**
 * A rate plan's nights, written as the price importer writes a partner's file: checked (the
 * hotel exists, the landing URL is on the partner's host), stored, the hotel's lead price and
 * list summary recomputed. Throws on a record the importer would reject.
 */
export async function createRates(db: DB, rates: RateFields): Promise<PriceCounts> {
  await ensurePartner(db, { id: rates.partner });
  const { checkPriceRecords, pricePartner, writePrices } = await rateRows();
  const partner = (await pricePartner(rates.partner, db))!;
  const confirmedAt = (rates.confirmedAt ?? new Date(Date.now() - (2 * 60 + 10) * 60_000)).toISOString();
  const records: PriceRecord[] = Array.from({ length: rates.nights }, (_, index) => ({
    property: rates.hotel,
    kind: "night",
    checkIn: addDays(rates.from, index),
    nights: 1,
    adults: rates.adults ?? 2,
    rooms: rates.rooms ?? 1,
    currency: rates.currency ?? "SEK",
    base: String(rates.base),
    tax: String(rates.tax ?? 0),
    fees: String(rates.fees ?? 0),
    breakfastIncluded: rates.breakfast ?? false,
    refundable: rates.refundable ?? false,
    freeCancellationUntil: rates.freeCancellationUntil ?? null,
    payAtHotel: rates.payAtHotel ?? false,
    roomKey: rates.roomKey ?? "",
    roomName: rates.roomName ?? null,
    landingUrl: rates.landingUrl ?? `https://${partner.host}/hotel/${encodeURIComponent(rates.hotel)}`,
    confirmedAt,
    at: index + 1,
  }));
  return db.transaction().execute(async (trx) => {
    const { accepted, rejected } = await checkPriceRecords(partner, records, trx);
    if (rejected.length) throw new Error(`the price importer refuses these rates: ${rejected[0]!.reason}`);
    return writePrices(partner.id, accepted, undefined, trx);
  });
}

// ---------------------------------------------------------------------------------------------
// Blog posts

export interface PostFields {
  title?: string;
  /** Default: from the title; null for a post with only its id address. */
  slug?: string | null;
  excerpt?: string;
  /** The content blocks; default one paragraph. */
  blocks?: unknown[];
  coverImage?: string | null;
  coverImageAlt?: string | null;
  published?: boolean;
  author?: string;
  readingTime?: string;
  seoTitle?: string;
  seoDescription?: string;
  /** Back-dates the post: written (and, when published, published) this long ago. */
  daysAgo?: number;
}

/** A post as the editor creates it: published, one paragraph. Returns its id. */
export async function createPost(db: DB, fields: PostFields = {}): Promise<string> {
  const n = next();
  const title = fields.title ?? `Testinlägg ${n}`;
  const published = fields.published ?? true;
  const at = fields.daysAgo === undefined ? undefined : new Date(Date.now() - fields.daysAgo * 86_400_000);
  const row = {
    title,
    slug:
      fields.slug === undefined
        ? `${title
            .toLowerCase()
            .normalize("NFD")
            .replace(/[\u0300-\u036f]/g, "")
            .replace(/[^a-z0-9]+/g, "-")
            .replace(/^-|-$/g, "")}-${n}`
        : fields.slug,
    excerpt: fields.excerpt ?? `Utdrag ${n}`,
    content: JSON.stringify(fields.blocks ?? [{ type: "paragraph", content: `Text ${n}` }]),
    cover_image: fields.coverImage ?? null,
    cover_image_alt: fields.coverImageAlt ?? null,
    reading_time: fields.readingTime ?? "1",
    published,
    seo_title: fields.seoTitle ?? "",
    seo_description: fields.seoDescription ?? "",
    author: fields.author ?? "Redaktionen",
    // Back-dated in the same insert: a trigger keeps the first published_at a post gets.
    ...(at ? { created_at: at, updated_at: at, ...(published ? { published_at: at } : {}) } : {}),
  };
  const id = await (await posts()).createPost(row, db);
  return id;
}

// ---------------------------------------------------------------------------------------------
// Users

export interface UserFields {
  email?: string;
  password?: string;
  admin?: boolean;
}

/** A local account as `npm run user:create` makes it; `admin` grants the role. */
export async function createUser(db: DB, fields: UserFields = {}): Promise<{ id: string; email: string; password: string }> {
  const email = fields.email ?? `person-${next()}@hotellguiden.test`;
  const password = fields.password ?? "test-lösenord-1";
  const result = await (await users()).createLocalUser({ email, password, admin: fields.admin ?? false }, db);
  return { id: result.user.id, email: result.user.email, password };
}

/** The nights from `from` for `nights` nights, as YYYY-MM-DD (for a test's expectations). */
export const nightsFrom = (from: string, nights: number) => Array.from({ length: nights }, (_, index) => addDays(from, index));
