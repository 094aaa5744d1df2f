import { describe, expect, it } from "vitest";
import { DEMO_PLACES, districtCentre, generateDemoHotels, pointInDistrict } from "./demo-catalogue.ts";
import { DEMO_DISTRICT_CENTRES } from "./demo-districts.ts";

const KM_PER_DEGREE = 111.32;
const kmBetween = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const north = (a.lat - b.lat) * KM_PER_DEGREE;
  const east = (a.lng - b.lng) * KM_PER_DEGREE * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(north, east);
};

describe("the demo's districts", () => {
  it("has a centre for every district of every demo place, near its place", () => {
    for (const place of DEMO_PLACES) {
      for (const district of place.districts) {
        const centre = DEMO_DISTRICT_CENTRES[place.location]?.[district];
        expect(centre, `${district}, ${place.location}`).toBeDefined();
        // Åre's Duved and Kiruna's Jukkasjärvi are villages a few kilometres out, not another town.
        expect(kmBetween(centre!, place), `${district}, ${place.location}`).toBeLessThan(25);
      }
    }
  });

  it("puts each demo hotel inside its district's circle, the same on every run", () => {
    const first = [...generateDemoHotels(600)];
    expect([...generateDemoHotels(600)]).toEqual(first);
    for (const hotel of first) {
      expect(hotel.district).not.toBeNull();
      if (hotel.latitude === null || hotel.longitude === null) continue;
      const place = DEMO_PLACES.find((one) => one.location === hotel.location)!;
      const centre = districtCentre(place, hotel.district!);
      expect(kmBetween({ lat: hotel.latitude, lng: hotel.longitude }, centre), hotel.hotel_id).toBeLessThanOrEqual(centre.radiusKm + 0.01);
    }
    // Södermalm's hotels stand south of Norrmalm's, across the water.
    const stockholm = (district: string) => first.filter((hotel) => hotel.district === district && hotel.latitude !== null);
    expect(Math.max(...stockholm("Södermalm").map((hotel) => hotel.latitude!))).toBeLessThan(
      Math.min(...stockholm("Norrmalm").map((hotel) => hotel.latitude!)),
    );
  });

  it("spreads points over the whole circle", () => {
    const centre = { lat: 59.3142, lng: 18.0635, radiusKm: 1 };
    expect(pointInDistrict(centre, 0, 0)).toEqual({ latitude: 59.3142, longitude: 18.0635 });
    const north = pointInDistrict(centre, 1, 0);
    expect(kmBetween({ lat: north.latitude, lng: north.longitude }, centre)).toBeCloseTo(1, 2);
    expect(north.latitude).toBeGreaterThan(centre.lat);
  });
});
