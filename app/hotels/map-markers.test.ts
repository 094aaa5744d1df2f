import { describe, expect, it } from "vitest";
import { cardPriceText } from "#app/prices/list-price-text.ts";
import type { ListPrice } from "#app/prices/price-offer.ts";
import { priceDisplay } from "#app/utils/money.ts";
import {
  clusterLabel,
  escapeHtml,
  initialView,
  mapShowsNote,
  markerLabel,
  openStreetMapUrl,
  toMapMarkers,
  toMapPin,
  withPageMarkers,
} from "./map-markers.ts";

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
        priceLabel: null,
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

describe("a marker's price", () => {
  // Intl writes Swedish amounts with no-break spaces; compare as a visitor reads them.
  const read = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, " ") ?? null;
  const stay: ListPrice = { kind: "stay", amountSek: 4390, nights: 3, partners: 3 };
  const lead: ListPrice = { kind: "lead", amountSek: 1390, nights: null, partners: 2 };
  const marker = (price: ListPrice | null, soldOut = false, display = priceDisplay("SEK", null)) =>
    toMapMarkers([{ ...hotel("p", 55.6, 13), price, soldOut }], display)[0]!;

  it("shows the stay's total with dates, the card's amount", () => {
    expect(read(marker(stay).price)).toBe("4 390 kr");
    expect(read(marker(stay).priceLabel)).toBe("4 390 kr för 3 nätter, inkl. skatter och avgifter");
    const card = cardPriceText(stay, false);
    expect(card.kind === "stay" && card.amount).toBe(marker(stay).price);
  });
  it("shows 'från' the lead price without dates", () => {
    expect(read(marker(lead).price)).toBe("från 1 390 kr");
    expect(read(marker(lead).priceLabel)).toBe("från 1 390 kr / natt");
  });
  it("shows no price for a sold-out stay or a hotel without one, and says it is sold out", () => {
    expect(marker(stay, true).price).toBeNull();
    expect(marker(stay, true).priceLabel).toBe("Inga lediga rum för dina datum");
    expect(marker(null).price).toBeNull();
    expect(marker(null).priceLabel).toBeNull();
    // The hotel page reads its hotel without a list price: a pin, no price.
    expect(toMapMarkers([hotel("q", 55.6, 13)])[0]!.price).toBeNull();
  });
  it("writes the amount in the display currency, as the card does", () => {
    const euros = priceDisplay("EUR", { date: "2026-11-30", perEur: new Map([["SEK", 11]]) });
    expect(read(marker(stay, false, euros).price)).toBe("399,09 €");
    expect(read(marker(lead, false, euros).price)).toBe("från 126,36 €");
  });
});

describe("marker and cluster labels", () => {
  it("names the hotel and its price, or the hotel alone", () => {
    expect(markerLabel({ name: "Hotel City Kungsholmen", priceLabel: "från 1 760 kr / natt" })).toBe(
      "Hotel City Kungsholmen, från 1 760 kr / natt",
    );
    expect(markerLabel({ name: "Hotel City Kungsholmen", priceLabel: null })).toBe("Hotel City Kungsholmen");
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

describe("the whole list's markers (decision 082)", () => {
  const [a, b, c] = toMapMarkers([hotel("a", 55.6, 13.0), hotel("b", 55.61, 13.01), hotel("c", 55.612345678, 13.018765432)]).map(toMapPin);

  it("carry what a marker and its popup show, to about a metre", () => {
    expect(c).toEqual({
      id: "c",
      name: "Hotell c",
      lat: 55.61235,
      lng: 13.01877,
      href: "/Sweden/Malm%C3%B6/hotell-c",
      price: null,
      priceLabel: null,
      locationName: "Malmö",
      country: "Sverige",
    });
  });

  it("are the page's own markers until they have been read", () => {
    expect(withPageMarkers([a!], null)).toEqual([a]);
  });

  it("take the page's markers in place of their own (live prices), in the list's order", () => {
    const live = { ...b!, price: "900 kr" };
    expect(withPageMarkers([live], [a!, b!, c!])).toEqual([a, live, c]);
    // A page's hotel the list read no longer has (the catalogue changed between the two reads) stays on the map.
    const other = { ...a!, id: "d" };
    expect(withPageMarkers([other], [a!])).toEqual([a, other]);
  });

  it("say nothing of a list the map shows whole, and how many of a longer one it shows", () => {
    expect(mapShowsNote({ total: 40, more: false, listed: 40 })).toBeNull();
    expect(mapShowsNote({ total: 5000, more: false, listed: 1000 })).toBe("Kartan visar de första 1\u00a0000 av 5\u00a0000 hotell");
    expect(mapShowsNote({ total: 1000, more: true, listed: 1000 })).toBe("Kartan visar de första 1\u00a0000 av över 1\u00a0000 hotell");
  });
});
