/**
 * Reads for a place's neighbourhoods (hotels.district, decision 079): the districts of a place
 * with their number of hotels and price range, one neighbourhood by its slug, and the
 * neighbourhood and amenity landing pages that are indexable, for the sitemap. Every read goes
 * by the (country_key, location_key, district_slug) index of migration 20261206300000.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { hasDates, type Stay } from "#app/utils/stay.ts";
import { ANY_CONDITIONS } from "#app/prices/conditions.ts";
import { listStayPrices } from "#app/prices/stay-prices.server.ts";
import { amenityLandingPath, INDEXABLE_MIN_HOTELS, LANDING_AMENITY_KEYS, neighbourhoodPath, type PriceRange } from "./landing-pages.ts";
import { LIST_MATCH_LIMIT, withinRadius } from "./hotel-queries.server.ts";
import type { Radius } from "#app/location/distance.ts";

type DB = Kysely<Database>;

export interface Neighbourhood {
  /** As the feed writes it ('Södermalm'); of several spellings with one slug, the first in sort order. */
  name: string;
  slug: string;
  hotels: number;
  /** The price range of its hotels for the stay (per night without dates); null when none is priced. */
  price: PriceRange | null;
}

export interface PlaceNeighbourhoods {
  /** Most hotels first, then by name. */
  neighbourhoods: Neighbourhood[];
  /** Every hotel the read counted, those without a district too, and their price range. */
  hotels: number;
  price: PriceRange | null;
}

interface PlaceScope {
  country: string;
  location: string;
  /** Only hotels with every one of these amenity keys (a landing page's). */
  amenities?: readonly string[];
}

/** A place's hotels, or a landmark's: those within its radius, wherever the catalogue files them. */
type Scope = PlaceScope | { within: Radius };

const inPlace = (scope: Scope) =>
  "within" in scope
    ? withinRadius(scope.within)
    : sql<SqlBool>`country_key = place_key(${scope.country}) and location_key = place_key(${scope.location})${
        scope.amenities?.length ? sql` and amenity_keys @> ${sql.val([...scope.amenities])}::text[]` : sql``
      }`;

const widen = (range: PriceRange | null, fromSek: number, toSek: number, per: PriceRange["per"]): PriceRange => ({
  fromSek: Math.min(range?.fromSek ?? fromSek, fromSek),
  toSek: Math.max(range?.toSek ?? toSek, toSek),
  per,
});

const byHotelsThenName = (a: Neighbourhood, b: Neighbourhood) => b.hotels - a.hotels || a.name.localeCompare(b.name, "sv");

/**
 * The place's neighbourhoods with their hotels and price ranges. Without dates a hotel's price is
 * its lead price per night (what its card shows, "från X kr / natt"); with dates, the stay's total
 * by the lists' rule (listStayPrices: the cheapest offer meeting the conditions). With dates, a
 * place of more than LIST_MATCH_LIMIT hotels (more than a list prices) gets counts without ranges.
 */
export async function placeNeighbourhoods(
  scope: Scope,
  stay: Stay,
  wanted: number = ANY_CONDITIONS,
  db: DB = getAppDatabase().db,
): Promise<PlaceNeighbourhoods> {
  if (!hasDates(stay)) {
    // The price a card shows: the lead price, or the one for the conditions asked for (as the lists sort by).
    const shown =
      wanted === ANY_CONDITIONS
        ? sql<number | null>`hotels.offer_price`
        : sql<
            number | null
          >`(select lead.price from hotel_lead_prices lead where lead.hotel_id = hotels.id and lead.conditions = ${wanted})`;
    return districtCounts(scope, shown, db);
  }
  // A list prices at most LIST_MATCH_LIMIT hotels: a bigger place's districts get their counts,
  // never a range taken from an arbitrary part of them.
  const hotels = await db
    .selectFrom("hotels")
    .where(inPlace(scope))
    .select(["id", "district_slug", "district"])
    .orderBy("id")
    .limit(LIST_MATCH_LIMIT + 1)
    .execute();
  if (hotels.length > LIST_MATCH_LIMIT) return districtCounts(scope, null, db);
  const prices = await listStayPrices(
    hotels.map((hotel) => hotel.id),
    stay,
    wanted,
    db,
  );
  const groups = new Map<string | null, { slug: string | null; name: string | null; hotels: number; price: PriceRange | null }>();
  for (const hotel of hotels) {
    const group = groups.get(hotel.district_slug) ?? { slug: hotel.district_slug, name: hotel.district, hotels: 0, price: null };
    group.hotels += 1;
    if (hotel.district !== null && group.name !== null && hotel.district < group.name) group.name = hotel.district;
    const price = prices.get(hotel.id);
    if (price) group.price = widen(group.price, price.totalSek, price.totalSek, "stay");
    groups.set(hotel.district_slug, group);
  }
  return summarise([...groups.values()]);
}

/** Every district's hotels, and the range of a per-night price (none: no range), in one grouped read. */
async function districtCounts(scope: Scope, shown: RawBuilder<number | null> | null, db: DB): Promise<PlaceNeighbourhoods> {
  const price = shown ?? sql<number | null>`null::numeric`;
  const rows = await db
    .selectFrom("hotels")
    .where(inPlace(scope))
    .groupBy("district_slug")
    .select([
      "district_slug",
      (eb) => eb.fn.min("district").as("name"),
      (eb) => eb.fn.countAll<string>().as("hotels"),
      sql<string | null>`min(${price})`.as("from_sek"),
      sql<string | null>`max(${price})`.as("to_sek"),
    ])
    .execute();
  return summarise(
    rows.map((row) => ({
      slug: row.district_slug,
      name: row.name,
      hotels: Number(row.hotels),
      price:
        row.from_sek === null || row.to_sek === null
          ? null
          : { fromSek: Number(row.from_sek), toSek: Number(row.to_sek), per: "night" as const },
    })),
  );
}

function summarise(
  groups: ReadonlyArray<{ slug: string | null; name: string | null; hotels: number; price: PriceRange | null }>,
): PlaceNeighbourhoods {
  let hotels = 0;
  let price: PriceRange | null = null;
  const neighbourhoods: Neighbourhood[] = [];
  for (const group of groups) {
    hotels += group.hotels;
    if (group.price) price = widen(price, group.price.fromSek, group.price.toSek, group.price.per);
    if (group.slug && group.name) neighbourhoods.push({ name: group.name, slug: group.slug, hotels: group.hotels, price: group.price });
  }
  return { neighbourhoods: neighbourhoods.sort(byHotelsThenName), hotels, price };
}

/** The place's neighbourhood with this slug (exactly as stored), or null. */
export async function findNeighbourhood(
  scope: PlaceScope,
  slug: string,
  db: DB = getAppDatabase().db,
): Promise<{ name: string; slug: string; hotels: number } | null> {
  if (!slug) return null;
  const row = await db
    .selectFrom("hotels")
    .where(inPlace(scope))
    .where("district_slug", "=", slug)
    .select([(eb) => eb.fn.min("district").as("name"), (eb) => eb.fn.countAll<string>().as("hotels")])
    .executeTakeFirst();
  return row?.name ? { name: row.name, slug, hotels: Number(row.hotels) } : null;
}

/**
 * The neighbourhood pages with at least INDEXABLE_MIN_HOTELS hotels, for the sitemap: one
 * pass over the district index (a few hundred rows come back).
 */
export async function indexableNeighbourhoodPaths(db: DB = getAppDatabase().db): Promise<string[]> {
  const rows = await db
    .selectFrom("hotels")
    .where("district_slug", "is not", null)
    .groupBy(["country_key", "location_key", "district_slug"])
    .having((eb) => eb.fn.countAll(), ">=", INDEXABLE_MIN_HOTELS)
    .select([(eb) => eb.fn.min("country").as("country"), (eb) => eb.fn.min("location").as("location"), "district_slug"])
    .orderBy("country_key")
    .orderBy("location_key")
    .orderBy("district_slug")
    .execute();
  return rows.flatMap((row) =>
    row.country && row.location && row.district_slug ? (neighbourhoodPath(row.country, row.location, row.district_slug) ?? []) : [],
  );
}

/**
 * The amenity landing pages with at least INDEXABLE_MIN_HOTELS hotels, for the sitemap: one
 * pass over the hotels counting each landing amenity per place. It reads every hotel, so the
 * sitemap's totals (cached for a minute) pay it, never a page.
 */
export async function indexableAmenityLandingPaths(db: DB = getAppDatabase().db): Promise<string[]> {
  const { rows } = await sql<{ country: string; location: string; amenity: string }>`
    select min(h.country) as country, min(h.location) as location, k.amenity
    from hotels h
    cross join lateral unnest(h.amenity_keys) as k(amenity)
    where h.country_key > '' and h.location_key > '' and k.amenity = any(${sql.val([...LANDING_AMENITY_KEYS])}::text[])
    group by h.country_key, h.location_key, k.amenity
    having count(*) >= ${INDEXABLE_MIN_HOTELS}
    order by h.country_key, h.location_key, k.amenity
  `.execute(db);
  return rows.flatMap((row) => amenityLandingPath(row.country, row.location, row.amenity) ?? []);
}

/** How many of the place's hotels have each landing amenity (those with at least one), for links to the landing pages. */
export async function placeAmenityCounts(
  scope: PlaceScope,
  db: DB = getAppDatabase().db,
): Promise<Array<{ amenity: string; hotels: number }>> {
  const { rows } = await sql<{ amenity: string; hotels: string }>`
    select k.amenity, count(*) as hotels
    from hotels h
    cross join lateral unnest(h.amenity_keys) as k(amenity)
    where ${inPlace(scope)} and k.amenity = any(${sql.val([...LANDING_AMENITY_KEYS])}::text[])
    group by k.amenity
  `.execute(db);
  return rows.map((row) => ({ amenity: row.amenity, hotels: Number(row.hotels) }));
}
