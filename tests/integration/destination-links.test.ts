/**
 * How many hotels a popular destination's link shows, as the back office checks it before
 * saving: over the seeded demo catalogue, through the list pages' own reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { DEMO_POPULAR_DESTINATIONS } from "#app/operations/demo-content.ts";
import { seedDemoCatalogue } from "#app/operations/seed.server.ts";
import { countHotelsForLink } from "#app/hotels/destinations.server.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { testDatabases } from "#tests/db.ts";

// PGlite only: the list queries are the subject of catalogue-reads (on both); here it is which path reads which list.
describe.each(testDatabases({ postgres: false }))("countHotelsForLink on $name", ({ open }) => {
  let handle: DatabaseHandle;
  const count = (link: string) => countHotelsForLink(link, handle.db);
  beforeAll(async () => {
    handle = await open();
    await seedDemoCatalogue({ prices: "none" }, handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("counts /hotels lists by their search, destination and filters", async () => {
    const all = await handle.db
      .selectFrom("hotels")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(await count("/hotels")).toBe(Number(all.n));
    expect(await count("/hotels?destination=stockholm")).toBeGreaterThan(0);
    expect(await count("/hotels?search=Uppsala")).toBeGreaterThan(0);
    expect(await count("/hotels?country=Sweden&location=Malm%C3%B6")).toBeGreaterThan(0);
    expect(await count("/hotels?destination=atlantis")).toBe(0);
    expect(await count("/hotels?search=qqqq-zzzz")).toBe(0);
  });

  it("counts country and place pages as those pages find them (any case, with or without accents)", async () => {
    expect(await count("/Sweden")).toBeGreaterThan(0);
    expect(await count("/sweden/malmo")).toBe(await count("/Sweden/Malm%C3%B6"));
    expect(await count("/Sweden/Malm%C3%B6")).toBeGreaterThan(0);
    expect(await count("/United-States/New-York")).toBeGreaterThan(0);
    expect(await count("/Sweden?rating=5")).toBeLessThanOrEqual((await count("/Sweden"))!);
    expect(await count("/Atlantis")).toBe(0);
    expect(await count("/Sweden/Atlantis")).toBe(0);
  });

  it("counts a hotel's page as one, and other pages of the site, or a page past the last, as none", async () => {
    const hotel = await handle.db
      .selectFrom("hotels")
      .select(["hotel_id", "name", "country", "location", "slug"])
      .where("country", "=", "Sweden")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    expect(await count(hotelPath(hotel)!)).toBe(1);
    expect(await count("/Sweden/Stockholm/qqqq-zzzz")).toBe(0);
    for (const link of ["/", "/about", "/blog/nagot", "/a/b/c/d", "/hotels?destination=stockholm&sida=99", "/Sweden/%E0%A4%A"])
      expect(await count(link), link).toBe(0);
  });

  it("leaves links to other sites alone", async () => {
    expect(await count("https://www.example.com/hotels")).toBeNull();
    expect(await count("http://example.com/")).toBeNull();
  });

  it("finds hotels for every seeded destination, Göteborg (stored as Gothenburg) included", async () => {
    for (const destination of DEMO_POPULAR_DESTINATIONS) expect(await count(destination.link), destination.link).toBeGreaterThan(0);
    expect(await count("/Sverige/G%C3%B6teborg")).toBeGreaterThan(0);
  });
});
