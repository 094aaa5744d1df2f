import { sql, type Kysely } from "kysely";
import { hasRewrittenText } from "#app/hotels/description-sql.server.ts";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { normalizeHotel, PLACEHOLDER_IMAGE, type Hotel } from "#app/hotels/hotel-record.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { cachedRead } from "#app/utils/catalogue-cache.server.ts";
import { hotelCards, type HotelSummary } from "./hotel-queries.server.ts";
import { withPlaceNames, type NamedPlace } from "./place-names.ts";
import { getPlaceNames } from "#app/hotels/place-name-rows.server.ts";
import { findPlace } from "./places.server.ts";
import { addDays, hasDates, nightsOf, type DatedStay, type Stay } from "#app/utils/stay.ts";
import { ANY_CONDITIONS } from "#app/prices/conditions.ts";
import { latestFxRates } from "#app/prices/fx-rates.server.ts";
import { shownOffer, type PriceOffer } from "#app/prices/price-offer.ts";
import { leadOffers, nearbyDatesWithPrices, partnersOfHotel, roomsThatFit, stayOffers } from "#app/prices/stay-prices.server.ts";
import { priceDisplay, type DisplayCurrency, type PriceDisplay } from "#app/utils/money.ts";
import { matchHotelSlug } from "#app/utils/slug.ts";
import { mergeLiveOffers, type PartnerLive } from "#app/live-prices/live-offers.ts";

type DB = Kysely<Database>;

/**
 * The hotel for /{country}/{location}/{slug}: the place is found first (indexed rows), then
 * the hotel by its stored slug (a unique index on country, place and slug, so the cost does
 * not grow with the place). Only an address whose slug no hotel has (a misspelling, an old link, a
 * 404) compares the place's hotel names in code, kept briefly per place. `exact` is false
 * when the URL spelled the slug differently and should be redirected.
 */
export async function findHotel(
  country: string,
  location: string,
  slug: string,
  db: DB = getAppDatabase().db,
): Promise<{ hotel: Hotel & NamedPlace; exact: boolean; countryCode: string | null } | null> {
  const place = await findPlace(country, location, db);
  if (!place) return null;
  const [stored, names] = await Promise.all([isStoredSlugShape(slug) ? storedSlugMatch(place, slug, db) : undefined, getPlaceNames(db)]);
  const row = stored ? { hotel: stored, exact: true } : await nearestBySlug(place, slug, db);
  if (!row) return null;
  const hotel = withPlaceNames(names, normalizeHotel(row.hotel));
  return { hotel, exact: row.exact, countryCode: names.isoCode(hotel.country) };
}

/** What a stored slug can look like; anything else (odd characters, a NUL) goes straight to the fallback. */
const isStoredSlugShape = (slug: string) => /^[a-z0-9-]{1,300}$/.test(slug);

function storedSlugMatch(place: { country: string; location: string }, slug: string, db: DB = getAppDatabase().db) {
  return db
    .selectFrom("hotels")
    .selectAll()
    .where(sql<boolean>`country_key = place_key(${place.country}) and location_key = place_key(${place.location})`)
    .where("slug", "=", slug)
    .executeTakeFirst();
}

async function nearestBySlug(place: { country: string; location: string }, slug: string, db: DB = getAppDatabase().db) {
  const match = matchHotelSlug(await placeSlugs(place, db), slug);
  if (!match) return null;
  const hotel = await db.selectFrom("hotels").selectAll().where("id", "=", match.hotel.id).executeTakeFirst();
  return hotel ? { hotel, exact: match.exact } : null;
}

/**
 * The slugs and names of one place's hotels (as stored, so the cache holds at most every hotel
 * once), oldest first, so a name two hotels share finds the one that has the plain slug.
 * Read only for an address no stored slug answers. Every write empties it.
 */
function placeSlugs(place: { country: string; location: string }, db: DB = getAppDatabase().db) {
  return cachedRead(db, `place-slugs:${place.country}\u0000${place.location}`, () =>
    db
      .selectFrom("hotels")
      .select(["id", "name", "hotel_id", "slug"])
      .where(sql<boolean>`country_key = place_key(${place.country}) and location_key = place_key(${place.location})`)
      .orderBy("created_at")
      .orderBy("hotel_id")
      .execute(),
  );
}

/** Other hotels in the same place, best rated first, without the current one. */
export async function relatedHotels(
  country: string,
  location: string,
  excludeId: string | null,
  limit: number,
  db: DB = getAppDatabase().db,
): Promise<HotelSummary[]> {
  // One query: the list without its count, which nobody shows here.
  const hotels = await hotelCards({ country, location, sort: "betyg", limit: limit + 1 }, db);
  return hotels.filter((hotel) => hotel.id !== excludeId).slice(0, limit);
}

/**
 * A hotel by its hotel_id with its description, the Swedish rewrite and the facts a Swedish
 * description is written from, places with their Swedish names (the AI rewrite, one or in bulk).
 */
export async function findHotelText(hotelId: string, db: DB = getAppDatabase().db) {
  const [row, names] = await Promise.all([
    db
      .selectFrom("hotels")
      .select([
        "hotel_id",
        "name",
        "location",
        "country",
        "description",
        "rewritten_text",
        "is_description_rewritten",
        "address",
        "star_rating",
        "rating",
        "review_count",
        "price_amount",
        "price_currency",
        "amenity_keys",
      ])
      .where("hotel_id", "=", hotelId)
      .executeTakeFirst(),
    getPlaceNames(db),
  ]);
  if (!row) return undefined;
  return {
    ...row,
    location_name: row.location === null ? null : names.place(row.country ?? "", row.location),
    country_name: row.country === null ? null : names.country(row.country),
  };
}

export type HotelTextRow = NonNullable<Awaited<ReturnType<typeof findHotelText>>>;

/** Stores a hotel's Swedish description and empties the caches that show it; false when there is no such hotel. */
export async function saveRewrittenText(hotelId: string, text: string, db: DB = getAppDatabase().db): Promise<boolean> {
  const result = await db
    .updateTable("hotels")
    .set({ rewritten_text: text, updated_at: sql`now()` })
    .where("hotel_id", "=", hotelId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  return true;
}

/**
 * Reverts a hotel to its original description: deletes its rewritten text (the flag follows,
 * by the database's trigger) and empties the caches that show it. Returns whether the hotel
 * had a rewritten text, or null when there is no such hotel.
 */
export async function revertToOriginalDescription(hotelId: string, db: DB = getAppDatabase().db): Promise<boolean | null> {
  const reverted = await db
    .updateTable("hotels")
    .set({ rewritten_text: null, updated_at: sql`now()` })
    .where("hotel_id", "=", hotelId)
    .where(hasRewrittenText)
    .returning("hotel_id")
    .executeTakeFirst();
  if (reverted) {
    return true;
  }
  const exists = await db.selectFrom("hotels").select("hotel_id").where("hotel_id", "=", hotelId).executeTakeFirst();
  return exists ? false : null;
}

/** What /redirect shows of the hotel a visitor is on the way to book. */
export interface HotelGlimpse {
  name: string;
  /** 'Stockholm, Sverige': the Swedish names. */
  place: string;
  /** The hotel's main image; null when it has only the placeholder. */
  image: string | null;
  /** Its page; null when it has none (no usable place). */
  href: string | null;
}

/** A hotel by its id (uuid) for /redirect; null when there is none. */
export async function findHotelGlimpse(id: string, db: DB = getAppDatabase().db): Promise<HotelGlimpse | null> {
  const [row, names] = await Promise.all([
    db
      .selectFrom("hotels")
      .select(["id", "hotel_id", "name", "country", "location", "slug", "image_path"])
      .where("id", "=", id)
      .executeTakeFirst(),
    getPlaceNames(db),
  ]);
  if (!row) return null;
  const hotel = withPlaceNames(names, normalizeHotel(row));
  return {
    name: hotel.name,
    place: [hotel.location_name, hotel.country_name].filter(Boolean).join(", "),
    image: hotel.image_path === PLACEHOLDER_IMAGE ? null : hotel.image_path,
    href: hotelPath(hotel),
  };
}

/** How the page shows amounts: in the visitor's currency at the latest stored ECB rates (SEK when none). */
export async function latestPriceDisplay(currency: DisplayCurrency, db: DB = getAppDatabase().db): Promise<PriceDisplay> {
  return priceDisplay(currency, await latestFxRates(undefined, db));
}

/** What the hotel page compares: the partners' offers for the stay (or without dates) and, when none, why and what else. */
export interface HotelPrices {
  /** Each partner's cheapest offer meeting the conditions, cheapest first. */
  offers: PriceOffer[];
  /** The offer that gives the hotel's price and its booking button, or null. */
  shown: PriceOffer | null;
  /** With dates: partners that sell the hotel but have nothing for the stay. */
  soldOut: string[];
  /** With dates and conditions: partners that have the stay, but not on the conditions asked for. */
  unmet: string[];
  /** With dates and no offer: check-in dates nearby that have one, with the cheapest total in SEK. */
  nearby: { checkIn: string; checkOut: string; totalSek: number }[];
  /** With dates and no partner selling the party's occupancy: the fewest rooms some partner sells it in, or null. */
  roomsThatFit: number | null;
  /** With dates: partners asked live that did not answer in time ("Booking.com svarade inte i tid"); their stored prices stay. */
  late: { partnerId: string; partnerName: string }[];
}

/** The stored prices of a hotel for a stay, before live answers are merged in (composeHotelPrices). */
export interface StoredHotelPrices {
  matching: PriceOffer[];
  /** Without conditions (null when none were asked for: then `matching`). */
  any: PriceOffer[] | null;
  /** Partners that sell the hotel at all (stored plans or offers). */
  partners: { id: string; name: string }[];
}

/** The stored offers of the hotel for the stay: for the wanted conditions, and without any. */
export async function storedHotelPrices(
  hotelId: string,
  stay: DatedStay,
  wanted: number,
  db: DB = getAppDatabase().db,
): Promise<StoredHotelPrices> {
  const [matching, any, partners] = await Promise.all([
    stayOffers([hotelId], stay, wanted, db).then((byHotel) => byHotel.get(hotelId) ?? []),
    wanted === ANY_CONDITIONS ? null : stayOffers([hotelId], stay, ANY_CONDITIONS, db).then((byHotel) => byHotel.get(hotelId) ?? []),
    partnersOfHotel(hotelId, db),
  ]);
  return { matching, any, partners };
}

/**
 * The hotel's prices for the stay and conditions: with dates the stay's offers, which partners
 * have nothing, nearby dates and an occupancy that fits when none has; without dates the lead offers.
 */
export async function loadHotelPrices(hotelId: string, stay: Stay, wanted: number, db: DB = getAppDatabase().db): Promise<HotelPrices> {
  if (!hasDates(stay)) {
    const offers = (await leadOffers([hotelId], wanted, undefined, db)).get(hotelId) ?? [];
    return { offers, shown: shownOffer(offers, wanted), soldOut: [], unmet: [], nearby: [], roomsThatFit: null, late: [] };
  }
  return composeHotelPrices(hotelId, stay, wanted, await storedHotelPrices(hotelId, stay, wanted, db), [], db);
}

/**
 * The hotel page's prices from its stored offers and the partners' live answers (none: the
 * stored prices as they are): a partner that answered shows its live prices instead of its
 * stored ones, or "no rooms" when it has none; one that did not keeps its stored prices and is
 * named in `late`.
 */
export async function composeHotelPrices(
  hotelId: string,
  stay: DatedStay,
  wanted: number,
  stored: StoredHotelPrices,
  live: readonly PartnerLive[],
  db: DB = getAppDatabase().db,
): Promise<HotelPrices> {
  const nights = nightsOf(stay)!;
  let { matching, any } = stored;
  let late: HotelPrices["late"] = [];
  const partners = [...stored.partners];
  if (live.length) {
    const rates = await latestFxRates(undefined, db);
    const merge = (offers: PriceOffer[], conditions: number) =>
      mergeLiveOffers(new Map([[hotelId, offers]]), live, { nights, rates, wanted: conditions });
    const merged = merge(matching, wanted);
    matching = merged.offers.get(hotelId) ?? [];
    any = any && (merge(any, ANY_CONDITIONS).offers.get(hotelId) ?? []);
    late = merged.late;
    for (const partner of live) {
      // A live partner that answered sells the hotel (or says it has no rooms); a late one is named as such instead.
      const answered = partner.answers.some((answer) => answer.hotelId === hotelId);
      if (answered && !partners.some((known) => known.id === partner.partnerId))
        partners.push({ id: partner.partnerId, name: partner.partnerName });
    }
  }
  const lateIds = new Set(late.map((partner) => partner.partnerId));
  const selling = new Set((any ?? matching).map((offer) => offer.partnerId));
  const meeting = new Set(matching.map((offer) => offer.partnerId));
  const prices: HotelPrices = {
    offers: matching,
    shown: shownOffer(matching, wanted),
    soldOut: partners.filter((partner) => !selling.has(partner.id) && !lateIds.has(partner.id)).map((partner) => partner.name),
    unmet: (any ?? []).filter((offer) => !meeting.has(offer.partnerId)).map((offer) => offer.partnerName),
    nearby: [],
    roomsThatFit: null,
    late,
  };
  if (matching.length) return prices;
  const [nearby, rooms] = await Promise.all([
    nearbyDatesWithPrices(hotelId, stay, wanted, undefined, db),
    selling.size ? null : roomsThatFit(stay.adults, stay.rooms, [hotelId], db),
  ]);
  prices.nearby = nearby.map((date) => ({ ...date, checkOut: addDays(date.checkIn, nights) }));
  // Only a suggestion when the stay's own rooms do not fit: otherwise the dates are the reason.
  prices.roomsThatFit = rooms !== null && rooms > stay.rooms ? rooms : null;
  return prices;
}
