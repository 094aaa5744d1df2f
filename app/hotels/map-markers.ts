/** Map rules: which hotels get a marker, and where the map starts. Pure. */
import { hotelPath } from "#app/utils/paths.ts";
import { priceInWords, markerPriceText } from "#app/prices/list-price-text.ts";
import type { ListPrice } from "#app/prices/price-offer.ts";
import { SEK_DISPLAY, type PriceDisplay } from "#app/utils/money.ts";
import { formatCount } from "#app/utils/format.ts";
import { addressInSwedish, placeKey } from "./place-names.ts";
import { hotelCount } from "./hotel-record.ts";

export const MAP_MAX_ZOOM = 19;
export const FIT_BOUNDS_PADDING = 50;
export const FIT_BOUNDS_MAX_ZOOM = 15;
export const CITY_ZOOM = 13;
export const COUNTRY_ZOOM = 6;

export interface MapMarker {
  id: string;
  name: string;
  lat: number;
  lng: number;
  hotelId: string;
  country: string;
  locationName: string;
  address: string;
  /** The hotel page. */
  href: string;
  /** The amount the marker shows, the card's: '4 390 kr' for the stay, 'från 1 390 kr' without dates; null when none. */
  price: string | null;
  /** The price in the card's words ('4 390 kr för 3 nätter, inkl. skatter och avgifter'), for the popup and the marker's name. */
  priceLabel: string | null;
}

/**
 * What the Leaflet map draws of a hotel, its marker and its popup, and all the whole list's
 * markers carry (decision 082): no hotel id or address, which only the fallback list shows.
 */
export type MapPin = Pick<MapMarker, "id" | "name" | "lat" | "lng" | "href" | "price" | "priceLabel" | "locationName" | "country">;

/** What a landmark page's map marks besides the hotels: the landmark, and the circle its list is of. */
export interface MapLandmark {
  name: string;
  lat: number;
  lng: number;
  radiusMetres: number;
}

/** Five decimals of a degree is about a metre: enough for a marker, and a shorter payload. */
const toMetre = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

/** What /resources/map-markers/… answers: every hotel of the list with a marker (at most LIST_MATCH_LIMIT), and the list's count. */
export interface ListMarkers {
  markers: MapPin[];
  /** The list's count, as the page says it ("över 1 000" with `more`). */
  total: number;
  more: boolean;
  /** How many hotels of it were read: all of them, or the first LIST_MATCH_LIMIT (as many as its pages hold). */
  listed: number;
}

/**
 * What the map says of the hotels it shows: nothing when they are the whole list; the first
 * `listed` of a longer list ("Kartan visar de första 1 000 av över 1 000 hotell").
 */
export function mapShowsNote(list: Pick<ListMarkers, "total" | "more" | "listed">): string | null {
  if (!list.more && list.total <= list.listed) return null;
  return `Kartan visar de första ${formatCount(list.listed)} av ${hotelCount(list.total, { more: list.more })}`;
}

/** A marker as the whole list's resource sends it. */
export function toMapPin(marker: MapMarker): MapPin {
  const { id, name, lat, lng, href, price, priceLabel, locationName, country } = marker;
  return { id, name, lat: toMetre(lat), lng: toMetre(lng), href, price, priceLabel, locationName, country };
}

/**
 * The map's markers: the whole list's (`list`, once read) with the page's own in place of theirs
 * (a page's cards may carry live prices the whole list's do not), or the page's alone.
 */
export function withPageMarkers<Pin extends MapPin>(page: readonly Pin[], list: readonly MapPin[] | null): MapPin[] {
  if (!list) return [...page];
  const own = new Map(page.map((marker) => [marker.id, marker]));
  const merged: MapPin[] = list.map((marker) => own.get(marker.id) ?? marker);
  const listed = new Set(list.map((marker) => marker.id));
  return [...merged, ...page.filter((marker) => !listed.has(marker.id))];
}

interface MarkerSource {
  id: string;
  hotel_id: string;
  name: string;
  country: string;
  location: string;
  slug: string | null;
  country_name: string;
  location_name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  /** What the hotel's card shows (list pages have it; the hotel page, which compares offers itself, need not). */
  price?: ListPrice | null;
  soldOut?: boolean;
}

/** A marker's accessible name: the hotel, and its price in the card's words when known. */
export function markerLabel(marker: Pick<MapMarker, "name" | "priceLabel">): string {
  return marker.priceLabel ? `${marker.name}, ${marker.priceLabel}` : marker.name;
}

/** A cluster's text and accessible name: '1 hotell', '12 hotell'. */
export function clusterLabel(count: number): string {
  return `${count} hotell`;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to put in HTML (Leaflet's marker icons are HTML strings). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const validCoordinate = (value: number | null): value is number => value !== null && Number.isFinite(value) && value !== 0;

/**
 * Markers for hotels with a page and usable coordinates: never NaN, zero, or the pair 0,0. Each
 * shows its card's amount, in the display's currency.
 */
export function toMapMarkers(hotels: readonly MarkerSource[], display: PriceDisplay = SEK_DISPLAY): MapMarker[] {
  return hotels.flatMap((hotel) => {
    const href = hotelPath(hotel);
    return href && validCoordinate(hotel.latitude) && validCoordinate(hotel.longitude)
      ? [
          {
            id: hotel.id,
            name: hotel.name,
            lat: hotel.latitude,
            lng: hotel.longitude,
            hotelId: hotel.hotel_id,
            country: hotel.country_name,
            locationName: hotel.location_name,
            address: addressInSwedish(hotel.address, hotel) ?? "",
            href,
            price: markerPriceText(hotel.price ?? null, hotel.soldOut ?? false, display),
            priceLabel: priceInWords(hotel.price ?? null, hotel.soldOut ?? false, display),
          },
        ]
      : [];
  });
}

const KNOWN_CITIES: Record<string, [number, number]> = {
  stockholm: [59.3293, 18.0686],
  gothenburg: [57.7089, 11.9746],
  goteborg: [57.7089, 11.9746],
  malmo: [55.605, 13.0038],
  uppsala: [59.8586, 17.6389],
  oslo: [59.9139, 10.7522],
  bergen: [60.3913, 5.3221],
  trondheim: [63.4305, 10.3951],
  stavanger: [58.97, 5.7331],
  copenhagen: [55.6761, 12.5683],
  aarhus: [56.1629, 10.2039],
  odense: [55.4038, 10.4024],
  aalborg: [57.0488, 9.9217],
  helsinki: [60.1699, 24.9384],
  tokyo: [35.6762, 139.6503],
  london: [51.5074, -0.1278],
  paris: [48.8566, 2.3522],
  "new york": [40.7128, -74.006],
};

const KNOWN_COUNTRIES: Record<string, [number, number]> = {
  sweden: [62.0, 15.0],
  norway: [61.5, 9.0],
  denmark: [56.0, 10.0],
  finland: [63.0, 26.0],
  japan: [36.2, 138.25],
  "united kingdom": [54.0, -2.5],
  france: [46.6, 2.4],
  "united states": [39.8, -98.6],
  spain: [40.2, -3.7],
  italy: [42.8, 12.5],
  germany: [51.2, 10.4],
};

export const STOCKHOLM: [number, number] = KNOWN_CITIES.stockholm!;

const key = placeKey;

/** The first view: a known city (zoom 13) or country (zoom 6), by the catalogue's spelling, else Stockholm. */
export function initialView(city?: string | null, country?: string | null): { center: [number, number]; zoom: number } {
  const cityCenter = city ? KNOWN_CITIES[key(city)] : undefined;
  if (cityCenter) return { center: cityCenter, zoom: CITY_ZOOM };
  const countryCenter = country ? KNOWN_COUNTRIES[key(country)] : undefined;
  if (countryCenter) return { center: countryCenter, zoom: COUNTRY_ZOOM };
  return { center: STOCKHOLM, zoom: CITY_ZOOM };
}

/** A link to the area on OpenStreetMap, for the map's no-JavaScript fallback. */
export function openStreetMapUrl(lat: number, lng: number, zoom: number = CITY_ZOOM): string {
  return `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lng.toFixed(5)}#map=${zoom}/${lat.toFixed(5)}/${lng.toFixed(5)}`;
}
