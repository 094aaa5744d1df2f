/**
 * A place's landmarks and its centre (issue 39, decision 077): read for distances on cards, the
 * hotel page and /jamfor, for `nara=` and `sortera=avstand`; written by the back office and the
 * demo seed (through the same functions). A place is its country and name as the catalogue
 * spells them; rows hold their keys (placeKey), so every spelling finds the same landmarks.
 */
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { placeKey } from "#app/hotels/place-names.ts";
import { cachedRead } from "#app/utils/catalogue-cache.server.ts";
import { isUuid } from "#app/utils/uuid.ts";
import { distanceMetres, distanceText, hasCoordinates, type Coordinates, type DistanceTarget } from "./distance.ts";
import { isLandmarkKind, type LandmarkInput, type LandmarkKind } from "./landmark-form.ts";

type DB = Kysely<Database>;

/** A place as the catalogue spells it (any spelling: its keys are compared). */
export interface PlaceRef {
  country: string;
  location: string;
}

export interface Landmark extends Coordinates, DistanceTarget {
  id: string;
  slug: string;
  kind: LandmarkKind;
}

/** What distances are measured to when a visitor chose no landmark. */
export interface PlaceCentre extends Coordinates, DistanceTarget {
  /** The centre landmark's slug; null when the centre is the middle of the place's hotels. */
  slug: string | null;
  isCentre: true;
}

/**
 * A place without a centre landmark (a feed's new place) is measured from the median of its
 * hotels' coordinates, which one mis-placed hotel does not move, once it has this many hotels
 * with coordinates; with fewer, "the centre" would be a hotel itself, and no distance is shown.
 */
export const MIN_HOTELS_FOR_CENTRE = 3;

const keysOf = (place: PlaceRef) => ({ country_key: placeKey(place.country), location_key: placeKey(place.location) });

const collator = new Intl.Collator("sv-SE");

/** The landmarks of a place: the centre first, then by name in Swedish order. Cached with the catalogue. */
export function listLandmarks(place: PlaceRef, db: DB = getAppDatabase().db): Promise<Landmark[]> {
  const keys = keysOf(place);
  if (!keys.country_key || !keys.location_key) return Promise.resolve([]);
  return cachedRead(db, `landmarks:${keys.country_key}|${keys.location_key}`, async () => {
    const rows = await db
      .selectFrom("place_landmarks")
      .select(["id", "slug", "name_sv", "kind", "latitude", "longitude", "is_centre"])
      .where("country_key", "=", keys.country_key)
      .where("location_key", "=", keys.location_key)
      .execute();
    return rows
      .map((row) => ({
        id: row.id,
        slug: row.slug,
        name: row.name_sv,
        kind: isLandmarkKind(row.kind) ? row.kind : "sevardhet",
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
        isCentre: row.is_centre,
      }))
      .sort((a, b) => Number(b.isCentre) - Number(a.isCentre) || collator.compare(a.name, b.name));
  });
}

/** A place's landmark by its slug (`nara=`, a landing page's path); undefined when it has none by that slug. */
export async function findLandmark(place: PlaceRef, slug: string, db: DB = getAppDatabase().db): Promise<Landmark | undefined> {
  const wanted = slug.trim().toLowerCase();
  return (await listLandmarks(place, db)).find((landmark) => landmark.slug === wanted);
}

/**
 * The point a place's distances are measured from: its centre landmark, else the median of its
 * hotels' coordinates (at least MIN_HOTELS_FOR_CENTRE of them), else null (no distances).
 */
export async function placeCentre(place: PlaceRef, db: DB = getAppDatabase().db): Promise<PlaceCentre | null> {
  const landmarks = await listLandmarks(place, db);
  const centre = landmarks.find((landmark) => landmark.isCentre);
  if (centre) return { latitude: centre.latitude, longitude: centre.longitude, name: centre.name, slug: centre.slug, isCentre: true };
  const keys = keysOf(place);
  if (!keys.country_key || !keys.location_key) return null;
  return cachedRead(db, `hotel-centre:${keys.country_key}|${keys.location_key}`, async () => {
    const row = await db
      .selectFrom("hotels")
      .select([
        sql<number | null>`percentile_cont(0.5) within group (order by latitude)`.as("latitude"),
        sql<number | null>`percentile_cont(0.5) within group (order by longitude)`.as("longitude"),
        sql<number>`count(*)::int`.as("hotels"),
      ])
      .where("country_key", "=", keys.country_key)
      .where("location_key", "=", keys.location_key)
      .where("latitude", "is not", null)
      .where("longitude", "is not", null)
      .executeTakeFirstOrThrow();
    if (Number(row.hotels) < MIN_HOTELS_FOR_CENTRE || row.latitude === null || row.longitude === null) return null;
    return { latitude: Number(row.latitude), longitude: Number(row.longitude), name: "centrum", slug: null, isCentre: true } as const;
  });
}

/** The centres of several places (a list across places), keyed by placeKeyOf. */
export async function placeCentres(places: readonly PlaceRef[], db: DB = getAppDatabase().db): Promise<Map<string, PlaceCentre | null>> {
  const distinct = new Map<string, PlaceRef>();
  for (const place of places) distinct.set(placeKeyOf(place), place);
  const entries = await Promise.all([...distinct].map(async ([key, place]) => [key, await placeCentre(place, db)] as const));
  return new Map(entries);
}

/** One string per place, however it is spelled. */
export const placeKeyOf = (place: PlaceRef) => `${placeKey(place.country)}|${placeKey(place.location)}`;

/** Another landmark of the same place has this slug. */
export class LandmarkSlugTaken extends Error {
  readonly slug: string;
  constructor(slug: string) {
    super(`A landmark of this place already has the slug ${slug}`);
    this.slug = slug;
  }
}

const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

function rowValues(input: LandmarkInput) {
  return {
    slug: input.slug,
    name_sv: input.name,
    kind: input.kind,
    latitude: input.latitude,
    longitude: input.longitude,
    is_centre: input.centre,
  };
}

/**
 * Writes in one transaction: a landmark made the centre takes the place's centre from any
 * other (at most one per place, which the database also checks).
 */
async function write(place: PlaceRef, input: LandmarkInput, db: DB, change: (trx: DB) => Promise<{ id: string } | undefined>) {
  const keys = keysOf(place);
  try {
    return await db.transaction().execute(async (trx) => {
      if (input.centre)
        await trx
          .updateTable("place_landmarks")
          .set({ is_centre: false, updated_at: sql`now()` })
          .where("country_key", "=", keys.country_key)
          .where("location_key", "=", keys.location_key)
          .where("is_centre", "=", true)
          .where("slug", "<>", input.slug)
          .execute();
      return change(trx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new LandmarkSlugTaken(input.slug);
    throw error;
  }
}

/** Adds a landmark to a place; its id. Throws LandmarkSlugTaken when the place has the slug already. */
export async function createLandmark(place: PlaceRef, input: LandmarkInput, db: DB = getAppDatabase().db): Promise<string> {
  const keys = keysOf(place);
  if (!keys.country_key || !keys.location_key) throw new Error("A landmark needs a country and a place");
  const row = await write(place, input, db, (trx) =>
    trx
      .insertInto("place_landmarks")
      .values({ ...keys, ...rowValues(input) })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  return row!.id;
}

/** Changes a landmark of a place; false when the place has no landmark with that id. */
export async function updateLandmark(place: PlaceRef, id: string, input: LandmarkInput, db: DB = getAppDatabase().db): Promise<boolean> {
  if (!isUuid(id)) return false;
  const keys = keysOf(place);
  const row = await write(place, input, db, (trx) =>
    trx
      .updateTable("place_landmarks")
      .set({ ...rowValues(input), updated_at: sql`now()` })
      .where("id", "=", id)
      .where("country_key", "=", keys.country_key)
      .where("location_key", "=", keys.location_key)
      .returning("id")
      .executeTakeFirst(),
  );
  return row !== undefined;
}

/** Deletes a landmark of a place; false when the place has no landmark with that id. */
export async function deleteLandmark(place: PlaceRef, id: string, db: DB = getAppDatabase().db): Promise<boolean> {
  if (!isUuid(id)) return false;
  const keys = keysOf(place);
  const result = await db
    .deleteFrom("place_landmarks")
    .where("id", "=", id)
    .where("country_key", "=", keys.country_key)
    .where("location_key", "=", keys.location_key)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The places (placeKeyOf) that have at least one landmark: an editor's or the seed's. */
export async function placesWithLandmarks(db: DB = getAppDatabase().db): Promise<Set<string>> {
  const rows = await db.selectFrom("place_landmarks").select(["country_key", "location_key"]).distinct().execute();
  return new Set(rows.map((row) => `${row.country_key}|${row.location_key}`));
}

/** Where a hotel is: its place as the catalogue spells it and its coordinates (either may be missing). */
export interface LocatedHotel {
  country: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Each hotel's distance as a visitor reads it ("350 m till centrum"): to `target` when given (a
 * list within one place, a chosen landmark), else to the centre of the hotel's own place; null
 * for a hotel without coordinates or a place without a centre.
 */
export async function distanceTexts(
  hotels: readonly LocatedHotel[],
  target: (Coordinates & DistanceTarget) | null = null,
  db: DB = getAppDatabase().db,
): Promise<(string | null)[]> {
  const placed = (hotel: LocatedHotel): PlaceRef | null =>
    hotel.country && hotel.location ? { country: hotel.country, location: hotel.location } : null;
  const centres = target
    ? new Map<string, PlaceCentre | null>()
    : await placeCentres(
        hotels.flatMap((hotel) => (hasCoordinates(hotel) && placed(hotel) ? [placed(hotel)!] : [])),
        db,
      );
  return hotels.map((hotel) => {
    if (!hasCoordinates(hotel)) return null;
    const place = placed(hotel);
    const to = target ?? (place ? centres.get(placeKeyOf(place)) : null);
    return to ? distanceText(distanceMetres(hotel, to), to) : null;
  });
}

/** How many landmarks besides the centre a hotel page lists, nearest first. */
export const HOTEL_PAGE_LANDMARKS = 5;

/**
 * A hotel page's distances: to its place's centre first ("350 m till centrum"), then to the
 * place's nearest landmarks. Empty without coordinates or a place.
 */
export async function hotelDistances(hotel: LocatedHotel, db: DB = getAppDatabase().db): Promise<string[]> {
  if (!hasCoordinates(hotel) || !hotel.country || !hotel.location) return [];
  const place = { country: hotel.country, location: hotel.location };
  const [centre, landmarks] = await Promise.all([placeCentre(place, db), listLandmarks(place, db)]);
  const nearest = landmarks
    .filter((landmark) => !landmark.isCentre)
    .map((landmark) => ({ landmark, metres: distanceMetres(hotel, landmark) }))
    .sort((a, b) => a.metres - b.metres)
    .slice(0, HOTEL_PAGE_LANDMARKS);
  return [
    ...(centre ? [distanceText(distanceMetres(hotel, centre), centre)] : []),
    ...nearest.map(({ landmark, metres }) => distanceText(metres, landmark)),
  ];
}

/** How many landmarks each place (placeKeyOf) has, for the back office's list of places. */
export async function landmarkCounts(db: DB = getAppDatabase().db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("place_landmarks")
    .select(["country_key", "location_key", sql<number>`count(*)::int`.as("landmarks")])
    .groupBy(["country_key", "location_key"])
    .execute();
  return new Map(rows.map((row) => [`${row.country_key}|${row.location_key}`, Number(row.landmarks)]));
}
