/**
 * Distances from a hotel to its place's centre or a landmark, and how a visitor reads them
 * ("350 m till centrum", "1,2 km till Centralstationen"). Pure; server and browser.
 * The list's SQL sort (sortera=avstand) orders by the same great-circle distance.
 */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The mean radius of the Earth (IUGG), in metres. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle (haversine) distance between two points, in metres. */
export function distanceMetres(from: Coordinates, to: Coordinates): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLng = toRadians(to.longitude - from.longitude);
  return haversineMetres(
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLng / 2) ** 2,
  );
}

/** The distance in metres of the haversine's inner term (what the SQL sorts and limits by). */
export const haversineMetres = (term: number): number => 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(Math.max(0, term))));

/** Whether a pair of values is a point on the Earth (a hotel's coordinates may be missing). */
export function hasCoordinates(point: { latitude: number | null; longitude: number | null }): point is Coordinates {
  const { latitude, longitude } = point;
  return (
    typeof latitude === "number" &&
    typeof longitude === "number" &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

const NBSP = "\u00a0";
const oneDecimal = new Intl.NumberFormat("sv-SE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 0 });

/**
 * A distance as a Swede reads it, no more precise than a walk needs: under a kilometre in steps
 * of 50 m (at least 50 m), then kilometres with one decimal ("1,2 km", but "1 km", not "1,0 km"),
 * whole kilometres from 10 km ("12 km", "1 250 km"). A non-breaking space keeps the number with its unit.
 */
export function formatDistance(metres: number): string {
  const safe = Math.max(0, metres);
  const steps = Math.max(50, Math.round(safe / 50) * 50);
  if (steps < 1000) return `${steps}${NBSP}m`;
  const km = safe / 1000;
  const tenths = Math.max(10, Math.round(km * 10));
  // "1 km", not "1,0 km": a whole number of kilometres is written whole.
  if (tenths < 100) return `${tenths % 10 ? oneDecimal.format(tenths / 10) : whole.format(tenths / 10)}${NBSP}km`;
  return `${whole.format(km)}${NBSP}km`;
}

/** What a distance is measured to: the centre reads "centrum", any other landmark by its name. */
export interface DistanceTarget {
  name: string;
  isCentre: boolean;
}

/** "till centrum", "till Centralstationen". */
export function targetPhrase(target: DistanceTarget): string {
  return `till ${target.isCentre ? "centrum" : target.name}`;
}

/** "350 m till centrum", "1,2 km till Centralstationen". */
export function distanceText(metres: number, target: DistanceTarget): string {
  return `${formatDistance(metres)} ${targetPhrase(target)}`;
}

/** The label of the sort by distance: "Närmast centrum", "Närmast Centralstationen". */
export function nearestSortLabel(target: DistanceTarget | null): string {
  return target && !target.isCentre ? `Närmast ${target.name}` : "Närmast centrum";
}

/** The hotels within `metres` of a point, measured on the great circle (a landmark's page, decision 080). */
export interface Radius {
  centre: Coordinates;
  metres: number;
}

/** A box in degrees, as the hotels' position index holds them (app/hotels/map-area.ts MapArea's shape). */
export interface DegreeBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * The boxes in degrees that hold every point within the radius: one, or two where the circle
 * crosses the antimeridian. The index finds the hotels in them; the exact distance then decides.
 * A circle round a pole takes every longitude.
 */
export function radiusBoxes({ centre, metres }: Radius): DegreeBox[] {
  const latSpan = (metres / EARTH_RADIUS_METRES) * (180 / Math.PI);
  const south = Math.max(-90, centre.latitude - latSpan);
  const north = Math.min(90, centre.latitude + latSpan);
  // A parallel's circle shrinks with the cosine of its latitude: the box is widest at the edge nearer the pole.
  const widest = Math.max(Math.abs(south), Math.abs(north));
  const cos = Math.cos(toRadians(widest));
  const lngSpan = cos > 0 ? latSpan / cos : 360;
  if (north >= 90 || south <= -90 || lngSpan >= 180) return [{ south, west: -180, north, east: 180 }];
  const west = centre.longitude - lngSpan;
  const east = centre.longitude + lngSpan;
  if (west < -180)
    return [
      { south, west: west + 360, north, east: 180 },
      { south, west: -180, north, east },
    ];
  if (east > 180)
    return [
      { south, west, north, east: 180 },
      { south, west: -180, north, east: east - 360 },
    ];
  return [{ south, west, north, east }];
}

/**
 * The haversine's inner term (between 0 and 1) at which the great-circle distance is `metres`:
 * the SQL compares that term, which grows with the distance, without asin and sqrt per row.
 */
export const haversineLimit = (metres: number): number => Math.sin(Math.min(Math.PI / 2, metres / (2 * EARTH_RADIUS_METRES))) ** 2;
