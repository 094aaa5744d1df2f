import { describe, expect, it } from "vitest";
import {
  distanceMetres,
  distanceText,
  formatDistance,
  hasCoordinates,
  haversineLimit,
  haversineMetres,
  nearestSortLabel,
  radiusBoxes,
} from "./distance.ts";

const centralstationen = { latitude: 59.3303, longitude: 18.0586 };
const gamlaStan = { latitude: 59.3251, longitude: 18.0711 };

describe("distanceMetres", () => {
  it("measures the great circle: Stockholm to Göteborg is about 398 km as the crow flies", () => {
    const km = distanceMetres({ latitude: 59.3293, longitude: 18.0686 }, { latitude: 57.7089, longitude: 11.9746 }) / 1000;
    expect(km).toBeGreaterThan(395);
    expect(km).toBeLessThan(400);
  });

  it("is zero from a point to itself and the same both ways", () => {
    expect(distanceMetres(gamlaStan, gamlaStan)).toBe(0);
    expect(distanceMetres(centralstationen, gamlaStan)).toBeCloseTo(distanceMetres(gamlaStan, centralstationen), 6);
  });

  it("crosses the date line the short way", () => {
    const km = distanceMetres({ latitude: 0, longitude: 179.9 }, { latitude: 0, longitude: -179.9 }) / 1000;
    expect(km).toBeLessThan(23);
  });
});

describe("formatDistance", () => {
  it.each([
    [0, "50\u00a0m"],
    [12, "50\u00a0m"],
    [340, "350\u00a0m"],
    [949, "950\u00a0m"],
    [980, "1\u00a0km"],
    [1_049, "1\u00a0km"],
    [1_050, "1,1\u00a0km"],
    [2_010, "2\u00a0km"],
    [1_234, "1,2\u00a0km"],
    [9_940, "9,9\u00a0km"],
    [9_960, "10\u00a0km"],
    [12_400, "12\u00a0km"],
    [1_250_000, "1\u00a0250\u00a0km"],
  ])("%d m reads %s", (metres, text) => {
    expect(formatDistance(metres)).toBe(text);
  });
});

describe("distanceText", () => {
  it("says centrum for the centre, whatever the centre landmark is called", () => {
    expect(distanceText(350, { name: "Centrum", isCentre: true })).toBe("350\u00a0m till centrum");
  });

  it("names any other landmark", () => {
    expect(distanceText(1_200, { name: "Centralstationen", isCentre: false })).toBe("1,2\u00a0km till Centralstationen");
  });
});

describe("nearestSortLabel", () => {
  it("reads Närmast centrum without a chosen landmark, else its name", () => {
    expect(nearestSortLabel(null)).toBe("Närmast centrum");
    expect(nearestSortLabel({ name: "Centrum", isCentre: true })).toBe("Närmast centrum");
    expect(nearestSortLabel({ name: "Liseberg", isCentre: false })).toBe("Närmast Liseberg");
  });
});

describe("hasCoordinates", () => {
  it("takes numbers on the Earth only", () => {
    expect(hasCoordinates({ latitude: 59.3, longitude: 18.1 })).toBe(true);
    expect(hasCoordinates({ latitude: null, longitude: 18.1 })).toBe(false);
    expect(hasCoordinates({ latitude: 91, longitude: 0 })).toBe(false);
  });
});

describe("radiusBoxes", () => {
  const inBoxes = (boxes: ReturnType<typeof radiusBoxes>, point: { latitude: number; longitude: number }) =>
    boxes.some(
      (box) => point.latitude >= box.south && point.latitude <= box.north && point.longitude >= box.west && point.longitude <= box.east,
    );

  it("holds every point of the circle: the compass points at the radius, and the box stays small", () => {
    const boxes = radiusBoxes({ centre: centralstationen, metres: 1000 });
    expect(boxes).toHaveLength(1);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A point about 999 m away on each bearing.
      const rad = (bearing * Math.PI) / 180;
      const point = {
        latitude: centralstationen.latitude + (0.999 / 111.195) * Math.cos(rad),
        longitude: centralstationen.longitude + (0.999 / (111.195 * Math.cos((centralstationen.latitude * Math.PI) / 180))) * Math.sin(rad),
      };
      expect(distanceMetres(centralstationen, point), String(bearing)).toBeLessThan(1000);
      expect(inBoxes(boxes, point), String(bearing)).toBe(true);
    }
    expect(boxes[0]!.north - boxes[0]!.south).toBeLessThan(0.02);
  });

  it("splits a circle across the antimeridian in two, and takes every longitude round a pole", () => {
    const boxes = radiusBoxes({ centre: { latitude: -17.8, longitude: 179.999 }, metres: 1000 });
    expect(boxes).toHaveLength(2);
    expect(inBoxes(boxes, { latitude: -17.8, longitude: -179.999 })).toBe(true);
    expect(radiusBoxes({ centre: { latitude: 89.999, longitude: 10 }, metres: 1000 })).toEqual([
      expect.objectContaining({ west: -180, east: 180, north: 90 }),
    ]);
  });

  it("limits the SQL's haversine term at the radius", () => {
    expect(haversineMetres(haversineLimit(1000))).toBeCloseTo(1000, 6);
  });
});
