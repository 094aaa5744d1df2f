import { describe, expect, it } from "vitest";
import { clusterLabel, escapeHtml, initialView, markerLabel, markerPrice, openStreetMapUrl, toMapMarkers } from "./map-markers.ts";

const hotel = (id: string, latitude: number | null, longitude: number | null) => ({
  id,
  hotel_id: `H-${id}`,
  name: `Hotell ${id}`,
  country: "Sweden",
  location: "Malmö",
  slug: `hotell-${id}`,
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
        price: null,
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
  it("skips a hotel without a page: a place that names nothing, or no slug", () => {
    const markers = toMapMarkers([
      { ...hotel("dot", 55.6, 13), location: ".." },
      { ...hotel("none", 55.6, 13), slug: null },
    ]);
    expect(markers).toEqual([]);
  });
});

describe("markerPrice", () => {
  // Intl writes Swedish amounts with no-break spaces; compare as a visitor reads them.
  const read = (text: string | null) => text?.replace(/\u00a0/g, " ") ?? null;
  it("shows the lowest offer in kronor before the feed's own price", () => {
    expect(read(markerPrice({ offer_price: 1350, price_amount: "2000", price_currency: "SEK" }))).toBe("1 350 kr");
    expect(toMapMarkers([{ ...hotel("p", 55.6, 13), offer_price: 1760 }]).map((m) => read(m.price))).toEqual(["1 760 kr"]);
  });
  it("falls back to the feed's price in its currency, and shows nothing without a price", () => {
    expect(read(markerPrice({ offer_price: null, price_amount: "1200", price_currency: "SEK" }))).toBe("1 200 kr");
    expect(read(markerPrice({ offer_price: null, price_amount: "120", price_currency: "EUR" }))).toBe("120 €");
    expect(markerPrice({ offer_price: null, price_amount: "0", price_currency: "SEK" })).toBeNull();
    expect(markerPrice({ offer_price: null, price_amount: null })).toBeNull();
    expect(markerPrice({})).toBeNull();
  });
});

describe("marker and cluster labels", () => {
  it("names the hotel and its price, or the hotel alone", () => {
    expect(markerLabel({ name: "Hotel City Kungsholmen", price: "1 760 kr" })).toBe("Hotel City Kungsholmen, från 1 760 kr");
    expect(markerLabel({ name: "Hotel City Kungsholmen", price: null })).toBe("Hotel City Kungsholmen");
  });
  it("counts a cluster's hotels", () => {
    expect(clusterLabel(12)).toBe("12 hotell");
    expect(clusterLabel(1)).toBe("1 hotell");
  });
  it("escapes names for the marker's HTML", () => {
    expect(escapeHtml(`<img src=x onerror="a('b')"> & co`)).toBe("&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt; &amp; co");
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
