import { describe, expect, it } from "vitest";
import { areaAround, areaOfView, formatArea, inArea, lngSpan, readArea, wrapLng } from "./map-area.ts";

const read = (query: string) => readArea(new URLSearchParams(query));

describe("readArea", () => {
  it("reads south, west, north, east in decimal degrees", () => {
    expect(read("omrade=59.3012,18.0201,59.3201,18.0902")).toEqual({
      area: { south: 59.3012, west: 18.0201, north: 59.3201, east: 18.0902 },
      note: null,
    });
    // Spaces round the numbers, negative degrees, and the first of repeated values.
    expect(read("omrade= -34.1 , -58.5 ,-34.0,-58.3&omrade=1,2,3,4").area).toEqual({ south: -34.1, west: -58.5, north: -34, east: -58.3 });
  });
  it("has nothing to say without the parameter", () => {
    expect(read("")).toEqual({ area: undefined, note: null });
    expect(read("omrade=")).toEqual({ area: undefined, note: null });
  });
  it("sets aside what it cannot read, with a Swedish note", () => {
    for (const raw of [
      "abc",
      "59.3,18.0,59.4",
      "59.3,18.0,59.4,18.1,5",
      "59.3,,59.4,18.1",
      "59,3;18,0;59,4;18,1",
      "NaN,1,2,3",
      "Infinity,1,2,3",
    ]) {
      expect(read(`omrade=${encodeURIComponent(raw)}`), raw).toEqual({
        area: undefined,
        note: "Vi kunde inte läsa kartans område i adressen, så vi visar hela listan.",
      });
    }
  });
  it("sets aside an upside-down area, a line and degrees off the globe", () => {
    for (const raw of ["59.4,18.0,59.3,18.1", "59.3,18.0,59.3,18.1", "59.3,18.0,59.4,18.0", "89,0,91,1", "0,-181,1,0"]) {
      expect(read(`omrade=${raw}`).area, raw).toBeUndefined();
      expect(read(`omrade=${raw}`).note, raw).toMatch(/kunde inte läsa/);
    }
  });
  it("sets aside an area too large to be a search", () => {
    expect(read("omrade=-60,-170,70,170")).toEqual({
      area: undefined,
      note: "Kartans område är för stort att söka i, så vi visar hela listan. Zooma in på kartan och sök igen.",
    });
    expect(read("omrade=40,0,61,10").area).toBeUndefined();
    expect(read("omrade=55,0,60,41").area).toBeUndefined();
    expect(read("omrade=55,0,75,40").area).toEqual({ south: 55, west: 0, north: 75, east: 40 });
  });
  it("reads an area across the antimeridian as one whose west is east of its east", () => {
    expect(read("omrade=-18,178,-16,-179").area).toEqual({ south: -18, west: 178, north: -16, east: -179 });
    expect(lngSpan({ west: 178, east: -179 })).toBe(3);
    // Across the antimeridian the long way round is too large.
    expect(read("omrade=-18,10,-16,-179").area).toBeUndefined();
  });
});

describe("inArea", () => {
  it("holds the points in the area, edges included", () => {
    const area = { south: 59.3, west: 18.0, north: 59.4, east: 18.1 };
    expect(inArea(area, 59.35, 18.05)).toBe(true);
    expect(inArea(area, 59.3, 18.1)).toBe(true);
    expect(inArea(area, 59.41, 18.05)).toBe(false);
    expect(inArea(area, 59.35, 17.99)).toBe(false);
  });
  it("holds both sides of the antimeridian for an area across it", () => {
    const fiji = { south: -18, west: 178, north: -16, east: -179 };
    expect(inArea(fiji, -17, 179.5)).toBe(true);
    expect(inArea(fiji, -17, -179.5)).toBe(true);
    expect(inArea(fiji, -17, 0)).toBe(false);
  });
});

describe("areaOfView", () => {
  it("rounds a map's bounds inward to 4 decimals, so the area is never larger than the view", () => {
    expect(areaOfView({ south: 59.301249, west: 18.020111, north: 59.32019, east: 18.090299 })).toEqual({
      south: 59.3013,
      west: 18.0202,
      north: 59.3201,
      east: 18.0902,
    });
  });
  it("wraps longitudes past ±180 (a map panned round the world)", () => {
    expect(areaOfView({ south: -18, west: 178, north: -16, east: 181 })).toEqual({ south: -18, west: 178, north: -16, east: -179 });
    expect(areaOfView({ south: 59, west: 378, north: 60, east: 379 })).toEqual({ south: 59, west: 18, north: 60, east: 19 });
  });
  it("refuses a view too large to search", () => {
    expect(areaOfView({ south: 30, west: -20, north: 70, east: 40 })).toBeNull();
    expect(areaOfView({ south: 50, west: -50, north: 60, east: 50 })).toBeNull();
  });
  it("writes what readArea reads", () => {
    const area = areaOfView({ south: 59.301249, west: 18.020111, north: 59.32019, east: 18.090299 })!;
    expect(formatArea(area)).toBe("59.3013,18.0202,59.3201,18.0902");
    expect(read(`omrade=${formatArea(area)}`).area).toEqual(area);
    expect(formatArea({ south: -0.5, west: 10, north: 0.5, east: 11 })).toBe("-0.5,10,0.5,11");
  });
});

describe("areaAround", () => {
  it("is about a kilometre each way round the point, wider in degrees of longitude in the north", () => {
    const area = areaAround(59.3302, 18.0586);
    expect(area.north - area.south).toBeCloseTo(0.009, 3);
    expect(area.east - area.west).toBeCloseTo(0.0176, 3);
    expect(inArea(area, 59.3302, 18.0586)).toBe(true);
  });
});

describe("wrapLng", () => {
  it("brings a longitude into -180…180", () => {
    expect(wrapLng(190)).toBe(-170);
    expect(wrapLng(-190)).toBe(170);
    expect(wrapLng(180)).toBe(180);
    expect(wrapLng(-180)).toBe(-180);
    expect(wrapLng(18)).toBe(18);
  });
});
