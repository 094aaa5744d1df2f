import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { DEMO_PLACES, generateDemoHotels } from "#app/operations/demo-catalogue.ts";
import { DEMO_NEAR_DAYS, isCatalogueEmpty, keepDemoPricesCurrent, seedDemoCatalogue } from "#app/operations/seed.server.ts";
import { addDays, todayInSweden, type DatedStay } from "#app/utils/stay.ts";
import type { PriceOffer } from "#app/prices/price-offer.ts";
import { stayOffers } from "#app/prices/stay-prices.server.ts";
import { listLandmarks } from "#app/location/landmarks.server.ts";
import { normalizeHotel } from "#app/hotels/hotel-record.ts";
import { testDatabases } from "#tests/db.ts";

const SPEC_CITIES = [
  "Stockholm",
  "Gothenburg",
  "Malmö",
  "Uppsala",
  "Oslo",
  "Bergen",
  "Trondheim",
  "Stavanger",
  "Copenhagen",
  "Aarhus",
  "Odense",
  "Aalborg",
  "Helsinki",
  "Tokyo",
  "London",
  "Paris",
  "New York",
];

describe("demo catalogue generator", () => {
  it("is deterministic, and a bigger run starts with the smaller one", () => {
    const small = [...generateDemoHotels(50)];
    const again = [...generateDemoHotels(50)];
    const big = [...generateDemoHotels(200)].slice(0, 50);
    expect(again).toEqual(small);
    expect(big).toEqual(small);
  });

  it("refers only to images shipped in public/", () => {
    const paths = new Set<string>();
    for (const hotel of generateDemoHotels(600)) {
      const normalized = normalizeHotel(hotel);
      paths.add(normalized.image_path);
      for (const image of normalized.additional_image_paths) paths.add(image);
    }
    for (const image of paths) expect(fs.existsSync(path.join("public", image)), image).toBe(true);
  });

  it("shows visitors Swedish descriptions only, naming the place in Swedish, and leaves some for the rewrite", () => {
    const hotels = [...generateDemoHotels(600)];
    const placeName = new Map(DEMO_PLACES.map((place) => [`${place.country}|${place.location}`, place.nameSv]));
    for (const hotel of hotels) {
      // What the site shows (displayDescription); hotel names may be English, so only lower-case words count.
      const visible = hotel.rewritten_text || hotel.description;
      if (!visible) continue;
      for (const english of [" the ", " is a ", " with ", "Welcome", "Guests", " rooms", " and "])
        expect(visible, hotel.hotel_id).not.toContain(english);
      expect(visible, hotel.hotel_id).toContain("hotell");
      expect(visible, hotel.hotel_id).toContain(placeName.get(`${hotel.country}|${hotel.location}`));
      for (const text of [hotel.description, hotel.rewritten_text]) expect(text ?? "", hotel.hotel_id).not.toMatch(/(^|\s)a [aeiou]/i);
      expect(hotel.is_description_rewritten, hotel.hotel_id).toBe(hotel.rewritten_text !== null);
    }
    const gothenburg = hotels.filter((hotel) => hotel.location === "Gothenburg" && hotel.description);
    expect(gothenburg.length).toBeGreaterThan(0);
    for (const hotel of gothenburg) expect(hotel.rewritten_text || hotel.description).toContain("Göteborg");
    expect(hotels.filter((hotel) => !hotel.is_description_rewritten).length).toBeGreaterThanOrEqual(60);
    // The English originals stay for the back office, a/an right.
    expect(hotels.some((hotel) => hotel.is_description_rewritten && hotel.description?.includes(" is an upscale hotel"))).toBe(true);
  });

  it("keeps hotel names unique within a place", () => {
    const seen = new Set<string>();
    for (const hotel of generateDemoHotels(5000)) {
      if (!hotel.name) continue;
      const key = `${hotel.country}|${hotel.location}|${hotel.name.toLowerCase()}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });
});

// PGlite only: the generator's output is the subject; its plain inserts are the same SQL on any server.
describe.each(testDatabases({ postgres: false }))("seeded demo catalogue on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    expect(await isCatalogueEmpty(handle.db)).toBe(true);
    await seedDemoCatalogue(undefined, handle.db);
    // Some 300,000 prices through the importer on the embedded database: minutes on a busy machine.
  }, 600_000);
  afterAll(async () => {
    await handle?.close();
  });

  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(handle.db)).rows[0]!;

  it("has at least 500 hotels in at least 12 countries and 40 places", async () => {
    const row = await one(sql<{ hotels: number; countries: number; places: number }>`
      select count(*)::int as hotels, count(distinct country)::int as countries,
             count(distinct (country, location))::int as places from hotels
    `);
    expect(row.hotels).toBeGreaterThanOrEqual(500);
    expect(row.countries).toBeGreaterThanOrEqual(12);
    expect(row.places).toBeGreaterThanOrEqual(40);
    expect(await isCatalogueEmpty(handle.db)).toBe(false);
  });

  it("includes every city the spec names and places beginning with Å, Ä and Ö", async () => {
    const places = (await handle.db.selectFrom("hotels").select("location").distinct().execute()).map((r) => r.location);
    for (const city of SPEC_CITIES) expect(places, city).toContain(city);
    for (const letter of ["Å", "Ä", "Ö"])
      expect(
        places.some((place) => place?.startsWith(letter)),
        letter,
      ).toBe(true);
  });

  it("has affiliate URLs on about two thirds, across several partner hosts", async () => {
    const row = await one(sql<{ share: number; hosts: number; mismatched: number }>`
      select avg(case when affiliate_url is null then 0 else 1 end)::float as share,
             count(distinct substring(affiliate_url from '^https?://([^/]+)'))::int as hosts,
             count(*) filter (where has_affiliate_url <> (affiliate_url is not null))::int as mismatched
      from hotels
    `);
    expect(row.share).toBeGreaterThan(0.58);
    expect(row.share).toBeLessThan(0.76);
    expect(row.hosts).toBeGreaterThanOrEqual(3);
    expect(row.mismatched).toBe(0);
  });

  it("stores amenities and images in every raw shape, with realistic gaps", async () => {
    const row = await one(sql<Record<string, number>>`
      select
        count(*) filter (where jsonb_typeof(amenities) = 'array' and jsonb_typeof(amenities -> 0) = 'string')::int as amenity_strings,
        count(*) filter (where jsonb_typeof(amenities) = 'array' and jsonb_typeof(amenities -> 0) = 'object')::int as amenity_objects,
        count(*) filter (where jsonb_typeof(amenities) = 'object')::int as amenity_keys,
        count(*) filter (where amenities is null)::int as amenity_missing,
        count(*) filter (where jsonb_typeof(additional_image_paths) = 'array')::int as image_lists,
        count(*) filter (where jsonb_typeof(additional_image_paths) = 'object')::int as image_objects,
        count(*) filter (where star_rating is null)::int as no_stars,
        count(*) filter (where description is null)::int as no_description,
        count(*) filter (where latitude is null)::int as no_coordinates,
        count(*) filter (where rewritten_text is not null and is_description_rewritten)::int as rewritten,
        count(*) filter (where price_currency = 'SEK')::int as priced_in_sek
      from hotels
    `);
    for (const [key, value] of Object.entries(row)) expect(value, key).toBeGreaterThan(0);
  });

  it("stores the amenities' vocabulary keys with them, whatever their spelling", async () => {
    const row = await one(sql<Record<string, number>>`
      select
        count(*) filter (where amenity_keys @> array['wifi'])::int as wifi,
        count(*) filter (where amenities::text like '%WIFI%' and not amenity_keys @> array['wifi'])::int as shouted_wifi_missed,
        count(*) filter (where amenities is null and cardinality(amenity_keys) > 0)::int as keys_without_amenities
      from hotels
    `);
    expect(row.wifi).toBeGreaterThan(0);
    expect(row.shouted_wifi_missed).toBe(0);
    expect(row.keys_without_amenities).toBe(0);
  });

  it("has published and draft posts that together use all six block types", async () => {
    const posts = await handle.db.selectFrom("hotels_blog_posts").select(["published", "content"]).execute();
    expect(posts.some((post) => post.published)).toBe(true);
    expect(posts.some((post) => !post.published)).toBe(true);
    const types = new Set(posts.flatMap((post) => (post.content as Array<{ type: string }>).map((block) => block.type)));
    expect([...types].sort()).toEqual(["button", "heading", "image", "list", "paragraph", "quote"]);
  });

  it("has popular locations and the spec's destination samples", async () => {
    const locations = await handle.db.selectFrom("popular_locations").select("location").execute();
    expect(locations.length).toBeGreaterThan(0);
    const destinations = await handle.db.selectFrom("popular_destinations").select("name").orderBy("position").execute();
    expect(destinations.map((d) => d.name)).toEqual(["Stockholm", "Göteborg", "Malmö", "Uppsala"]);
  });

  it("prices every hotel at 3–4 partners through the importer: stays in March and July cost differently, taxes included", async () => {
    const hotels = await handle.db.selectFrom("hotels").select(["id", "offer_price", "offer_count"]).execute();
    expect(hotels.every((hotel) => hotel.offer_price !== null && hotel.offer_count >= 3 && hotel.offer_count <= 4)).toBe(true);
    const year = Number(todayInSweden().slice(0, 4)) + 1;
    const march: DatedStay = { checkIn: `${year}-03-12`, checkOut: `${year}-03-15`, adults: 2, rooms: 1 };
    const friday = [...Array(7).keys()]
      .map((day) => `${year}-07-${String(day + 3).padStart(2, "0")}`)
      .find((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 5)!;
    const july: DatedStay = { checkIn: friday, checkOut: addDays(friday, 2), adults: 2, rooms: 1 };
    const ids = hotels.map((hotel) => hotel.id);
    const [inMarch, inJuly] = [await stayOffers(ids, march, 0, handle.db), await stayOffers(ids, july, 0, handle.db)];
    expect(inMarch.size).toBeGreaterThan(450);
    expect(inJuly.size).toBeGreaterThan(450);
    const both = ids.filter((id) => inMarch.has(id) && inJuly.has(id));
    const perNight = (offer: PriceOffer) => offer.totalSek! / offer.nights!;
    // Summer weekends are dearer a night than March weekdays, at most hotels.
    const dearer = both.filter((id) => perNight(inJuly.get(id)![0]!) > perNight(inMarch.get(id)![0]!));
    expect(dearer.length / both.length).toBeGreaterThan(0.9);
    const offers = [...inMarch.values()].flat();
    expect(offers.every((offer) => offer.total === offer.base! + offer.tax! + offer.fees! && offer.tax! > 0)).toBe(true);
    // Conditions differ between partners; a partner prices in euros; the Transaction partner's itineraries sell out some days.
    expect(new Set(offers.map((offer) => offer.conditions)).size).toBeGreaterThanOrEqual(2);
    const soon = addDays(todayInSweden(), 7);
    const nearOffers = [
      ...(await stayOffers(ids, { checkIn: soon, checkOut: addDays(soon, 2), adults: 2, rooms: 1 }, 0, handle.db)).values(),
    ].flat();
    expect(nearOffers.some((offer) => offer.currency === "EUR" && offer.totalSek! > offer.total * 10)).toBe(true);
    expect(nearOffers.some((offer) => offer.source === "itinerary")).toBe(true);
    expect(Number((await one(sql<{ n: number }>`select count(*)::int as n from sold_out_itineraries`)).n)).toBeGreaterThan(0);
  });

  it("gives every demo place a centre and real landmarks, Stockholm's Centralstationen among them", async () => {
    const centres = await one(sql<{ places: number; centres: number }>`
      select count(distinct (country_key, location_key))::int as places, count(*) filter (where is_centre)::int as centres from place_landmarks
    `);
    expect(centres.places).toBe(DEMO_PLACES.length);
    expect(centres.centres).toBe(DEMO_PLACES.length);
    const stockholm = await listLandmarks({ country: "Sweden", location: "Stockholm" }, handle.db);
    expect(stockholm[0]).toMatchObject({ slug: "centrum", isCentre: true });
    expect(stockholm).toContainEqual(expect.objectContaining({ slug: "centralstationen", name: "Centralstationen", kind: "station" }));
  });

  it("changes nothing when run again", async () => {
    const before = await one(sql<{ n: number; digest: string }>`
      select count(*)::int as n, md5(string_agg(hotel_id || coalesce(name, '') || coalesce(rating::text, ''), ',' order by hotel_id)) as digest from hotels
    `);
    const result = await seedDemoCatalogue(undefined, handle.db);
    expect(result.posts).toBe(0);
    expect(result.landmarks).toBe(0);
    const after = await one(sql<{ n: number; digest: string }>`
      select count(*)::int as n, md5(string_agg(hotel_id || coalesce(name, '') || coalesce(rating::text, ''), ',' order by hotel_id)) as digest from hotels
    `);
    expect(after).toEqual(before);
    expect(await handle.db.selectFrom("hotels_blog_posts").select("id").execute()).toHaveLength(4);
  });
});

describe.each(testDatabases({ postgres: false }))("a demo seeded with fewer prices on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await open();
  });
  afterEach(async () => {
    await handle?.close();
  });
  const lastNight = async () =>
    (
      await sql<{ last: string | null; n: number }>`select max(night)::text as last, count(*)::int as n from nightly_rates`.execute(
        handle.db,
      )
    ).rows[0]!;

  it("takes the next month's nights only with prices near, and a start after half a day keeps it so", async () => {
    const now = new Date();
    const result = await seedDemoCatalogue({ hotels: 20, prices: "near", now }, handle.db);
    const { last, n } = await lastNight();
    expect(result.prices).toBeGreaterThan(0);
    expect(n).toBeGreaterThan(0);
    expect(last! < addDays(todayInSweden(now), DEMO_NEAR_DAYS)).toBe(true);
    const later = new Date(now.getTime() + 13 * 3_600_000);
    expect(await keepDemoPricesCurrent(later, "near", handle.db)).toBeGreaterThan(0);
    expect((await lastNight()).last! < addDays(todayInSweden(later), DEMO_NEAR_DAYS)).toBe(true);
  });

  it("takes no prices with prices none, and a later start brings none", async () => {
    const result = await seedDemoCatalogue({ hotels: 20, prices: "none" }, handle.db);
    expect(result).toMatchObject({ hotels: 20, prices: 0 });
    expect(await keepDemoPricesCurrent(new Date(Date.now() + 13 * 3_600_000), "none", handle.db)).toBe(0);
    expect((await lastNight()).n).toBe(0);
  });
});
