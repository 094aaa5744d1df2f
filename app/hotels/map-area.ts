/**
 * The map's area as a list's scope (issue 39, decision 078): `omrade=south,west,north,east` in
 * decimal degrees, as "Sök i det här området" writes it. Read leniently like the list's other
 * parameters: an area that cannot be read, is upside down or is too large to be a search is set
 * aside with a note, never an error. Pure.
 */

export const AREA_PARAM = "omrade";

/** Decimals an area keeps in the address: 4 is about 11 m, short enough to share. */
export const AREA_DECIMALS = 4;

/**
 * The largest area searched, in degrees: a region (southern Sweden at zoom 6 on a wide screen
 * is about 9° × 27°). A whole continent is no "area" and would read a large part of the catalogue.
 */
export const MAX_AREA_LAT_SPAN = 20;
export const MAX_AREA_LNG_SPAN = 40;

export interface MapArea {
  south: number;
  west: number;
  north: number;
  /** Less than `west` when the area crosses the antimeridian (west 170, east -170: 20° wide). */
  east: number;
}

export interface AreaReading {
  area: MapArea | undefined;
  /** Why the address's area was set aside (Swedish, for the list's notices). */
  note: string | null;
}

const UNREADABLE = "Vi kunde inte läsa kartans område i adressen, så vi visar hela listan.";
const TOO_LARGE = "Kartans område är för stort att söka i, så vi visar hela listan. Zooma in på kartan och sök igen.";

/** Longitude's span eastward from west to east (through the antimeridian when east < west). */
export function lngSpan(area: Pick<MapArea, "west" | "east">): number {
  return area.east >= area.west ? area.east - area.west : 360 - area.west + area.east;
}

/** The area of `omrade`, if it is one (the first value counts, like the list's other parameters). */
export function readArea(params: URLSearchParams): AreaReading {
  const raw = params.get(AREA_PARAM)?.trim();
  if (!raw) return { area: undefined, note: null };
  const parts = raw.split(",").map((part) => part.trim());
  const numbers = parts.map((part) => (part === "" ? Number.NaN : Number(part)));
  if (numbers.length !== 4 || !numbers.every(Number.isFinite)) return { area: undefined, note: UNREADABLE };
  const [south, west, north, east] = numbers as [number, number, number, number];
  const inRange = [south, north].every((lat) => Math.abs(lat) <= 90) && [west, east].every((lng) => Math.abs(lng) <= 180);
  // South of the south edge is north of it: an upside-down area (a typo, or edges swapped by hand).
  if (!inRange || south >= north || west === east) return { area: undefined, note: UNREADABLE };
  const area = { south, west, north, east };
  if (north - south > MAX_AREA_LAT_SPAN || lngSpan(area) > MAX_AREA_LNG_SPAN) return { area: undefined, note: TOO_LARGE };
  return { area, note: null };
}

const round = (value: number, direction: "in-low" | "in-high") => {
  const scale = 10 ** AREA_DECIMALS;
  // Rounded inward, so the area is never larger than the view it came from and fitting the map
  // to it keeps the zoom the visitor chose.
  const rounded = direction === "in-low" ? Math.ceil(value * scale - 1e-9) / scale : Math.floor(value * scale + 1e-9) / scale;
  return Object.is(rounded, -0) ? 0 : rounded;
};

/** A longitude brought into -180…180 (Leaflet's bounds go past it after panning round the world). */
export function wrapLng(lng: number): number {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lng > 0 ? 180 : wrapped;
}

/**
 * A map view's bounds as an area for the address, or null when the view is too large to search
 * (the map then asks the visitor to zoom in). Longitudes past ±180 are wrapped: a view across
 * the antimeridian becomes an area whose west is east of its east.
 */
export function areaOfView(bounds: MapArea): MapArea | null {
  const width = bounds.east - bounds.west;
  const south = Math.max(-90, bounds.south);
  const north = Math.min(90, bounds.north);
  if (width <= 0 || width > MAX_AREA_LNG_SPAN || north - south > MAX_AREA_LAT_SPAN || north <= south) return null;
  return {
    south: round(south, "in-low"),
    west: round(wrapLng(bounds.west), "in-low"),
    north: round(north, "in-high"),
    east: round(wrapLng(bounds.east), "in-high"),
  };
}

/** The area as `omrade` writes it: '59.3012,18.0201,59.3201,18.0902'. */
export function formatArea(area: MapArea): string {
  return [area.south, area.west, area.north, area.east].map((value) => String(Number(value.toFixed(AREA_DECIMALS)))).join(",");
}

/** Whether a point lies in the area (edges included), as the list's query decides it. */
export function inArea(area: MapArea, lat: number, lng: number): boolean {
  if (lat < area.south || lat > area.north) return false;
  return area.east >= area.west ? lng >= area.west && lng <= area.east : lng >= area.west || lng <= area.east;
}

/** Kilometres per degree of latitude (and of longitude at the equator). */
const KM_PER_DEGREE = 111.32;

/**
 * The area of about `km` × `km` around a point: the links without JavaScript ("Visa hotell i
 * närheten av Centralstationen") list the hotels within about half of it of the point.
 */
export function areaAround(lat: number, lng: number, km = 1): MapArea {
  const halfLat = km / 2 / KM_PER_DEGREE;
  const halfLng = km / 2 / (KM_PER_DEGREE * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
  const scale = 10 ** AREA_DECIMALS;
  const fixed = (value: number) => Math.round(value * scale) / scale;
  return {
    south: fixed(Math.max(-90, lat - halfLat)),
    west: fixed(wrapLng(lng - halfLng)),
    north: fixed(Math.min(90, lat + halfLat)),
    east: fixed(wrapLng(lng + halfLng)),
  };
}
