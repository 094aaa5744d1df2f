import { describe, expect, it } from "vitest";
import { demoLandmarks } from "./demo-landmarks.ts";
import { LANDMARK_SLUG_PATTERN, landmarkSchema, landmarkSlug } from "./landmark-form.ts";

const valid = { name: "Gamla stan", slug: "", kind: "omrade", latitude: "59.3251", longitude: "18,0711" };

describe("landmarkSchema", () => {
  it("takes a decimal comma and makes the slug from the name", () => {
    const result = landmarkSchema.safeParse(valid);
    expect(result.success && result.data).toEqual({
      name: "Gamla stan",
      slug: "gamla-stan",
      kind: "omrade",
      latitude: 59.3251,
      longitude: 18.0711,
      centre: false,
    });
  });

  it("says what is wrong with coordinates out of range, a bad kind or slug", () => {
    const result = landmarkSchema.safeParse({ ...valid, latitude: "95", longitude: "abc", kind: "disco", slug: "Gamla Stan!" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "latitude: Latitude must be between -90 and 90",
        expect.stringMatching(/^longitude: /),
        "kind: Choose a kind",
      ]),
    );
  });

  it("refuses a slug with other characters than a–z, digits and hyphens", () => {
    const result = landmarkSchema.safeParse({ ...valid, slug: "gamla stan" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(["slug"]);
  });
});

describe("the demo's landmarks", () => {
  it("give every demo place one centre and three to five landmarks with unique slugs", () => {
    for (const { place, landmarks } of demoLandmarks()) {
      expect(
        landmarks.filter((landmark) => landmark.centre),
        place.location,
      ).toHaveLength(1);
      expect(landmarks.length - 1, place.location).toBeGreaterThanOrEqual(3);
      expect(landmarks.length - 1, place.location).toBeLessThanOrEqual(5);
      expect(new Set(landmarks.map((landmark) => landmark.slug)).size, place.location).toBe(landmarks.length);
      for (const landmark of landmarks) {
        expect(landmark.slug).toMatch(LANDMARK_SLUG_PATTERN);
        expect(landmarkSchema.safeParse({ ...landmark, centre: landmark.centre ? "on" : "" }).success, landmark.name).toBe(true);
      }
    }
  });

  it("slugs Swedish names as addresses do", () => {
    expect(landmarkSlug("Kungsträdgården")).toBe("kungstradgarden");
    expect(landmarkSlug("Sacré-Cœur")).toBe("sacre-coeur");
  });
});
