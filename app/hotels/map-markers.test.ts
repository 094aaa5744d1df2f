import { describe, expect, it } from "vitest";
import { initialView, openStreetMapUrl, toMapMarkers } from "./map-markers.ts";

const hotel = (id: string, latitude: number | null, longitude: number | null) => ({
  id,
  hotel_id: `H-${id}`,
  name: `Hotell ${id}`,
  country: "Sweden",
  location: "Malmö",
  country_name: "Sverige",
  location_name: "Malmö",
  address: "Storgatan 1",
  latitude,
  longitude,
});

describe("toMapMarkers", () => {
  it("keeps hotels with valid coordinates, names their place in Swedish and links by the stored spelling", () => {
    expect(toMapMarkers([hotel("a", 55.6, 13.0)])).toEqual([
      {
        id: "a",
        name: "Hotell a",
        lat: 55.6,
        lng: 13.0,
        hotelId: "H-a",
        country: "Sverige",
        locationName: "Malmö",
        address: "Storgatan 1",
        href: "/Sweden/Malm%C3%B6/hotell-a",
      },
    ]);
  });
  it("skips NaN, zero, missing coordinates and 0,0", () => {
    const markers = toMapMarkers([
      hotel("nan", Number.NaN, 13),
      hotel("zero-lat", 0, 13),
      hotel("zero-lng", 55, 0),
      hotel("origin", 0, 0),
      hotel("missing", null, 13),
      hotel("inf", 55, Number.POSITIVE_INFINITY),
      hotel("ok", -33.9, 151.2),
    ]);
    expect(markers.map((m) => m.id)).toEqual(["ok"]);
  });
});

describe("initialView", () => {
  it("uses a known city at zoom 13, accent- and case-insensitively", () => {
    expect(initialView("Malmö", "Sweden")).toEqual({ center: [55.605, 13.0038], zoom: 13 });
    expect(initialView("new-york")).toEqual({ center: [40.7128, -74.006], zoom: 13 });
  });
  it("falls back to the country at zoom 6, then to Stockholm", () => {
    expect(initialView("Åre", "Norway")).toEqual({ center: [61.5, 9.0], zoom: 6 });
    expect(initialView(null, "Atlantis")).toEqual({ center: [59.3293, 18.0686], zoom: 13 });
    expect(initialView()).toEqual({ center: [59.3293, 18.0686], zoom: 13 });
  });
});

describe("openStreetMapUrl", () => {
  it("links to the area with a marker", () => {
    expect(openStreetMapUrl(59.3293, 18.0686)).toBe("https://www.openstreetmap.org/?mlat=59.32930&mlon=18.06860#map=13/59.32930/18.06860");
  });
});
