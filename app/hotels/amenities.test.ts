import { describe, expect, it } from "vitest";
import {
  AMENITY_ICON_NAMES,
  AMENITY_VOCABULARY,
  GENERIC_AMENITY_ICON,
  amenityKey,
  amenityMatchText,
  sentenceCase,
  toAmenities,
  toAmenity,
} from "./amenities.ts";

describe("the vocabulary", () => {
  it("has about forty amenities with unique, URL-safe keys", () => {
    expect(AMENITY_VOCABULARY.length).toBeGreaterThanOrEqual(35);
    const keys = AMENITY_VOCABULARY.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("gives every amenity its own icon, none of them the generic one", () => {
    const icons = AMENITY_VOCABULARY.map((entry) => entry.icon);
    expect(new Set(icons).size).toBe(icons.length);
    expect(icons).not.toContain(GENERIC_AMENITY_ICON);
    for (const icon of icons) expect(AMENITY_ICON_NAMES).toContain(icon);
  });

  it("labels every amenity in Swedish, as a sentence, never in capitals, each label once", () => {
    const labels = AMENITY_VOCABULARY.map((entry) => entry.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) {
      expect(label).toBe(sentenceCase(label));
      expect(label).not.toMatch(/\p{Lu}{2}/u);
    }
    expect(toAmenity("Pet friendly").label).toBe("Husdjur tillåtna");
    expect(toAmenity("Wheelchair accessible").label).toBe("Tillgänglighetsanpassat");
  });

  it("reads its own labels and keys back as the same amenity, so a stored label never changes meaning", () => {
    for (const entry of AMENITY_VOCABULARY) {
      expect(amenityKey(entry.label)).toBe(entry.key);
      expect(amenityKey(entry.key)).toBe(entry.key);
    }
  });

  it("gives no spelling to two amenities", () => {
    const owner = new Map<string, string>();
    for (const entry of AMENITY_VOCABULARY) {
      for (const spelling of [entry.key, entry.label, ...entry.synonyms]) {
        const text = amenityMatchText(spelling);
        expect(owner.get(text) ?? entry.key, `'${spelling}'`).toBe(entry.key);
        owner.set(text, entry.key);
      }
    }
  });
});

describe("amenityKey", () => {
  it.each([
    ["Free WiFi", "wifi"],
    ["Wi-Fi", "wifi"],
    ["WIFI", "wifi"],
    ["wireless internet", "wifi"],
    ["Gratis wifi", "wifi"],
    ["Breakfast included", "frukost"],
    ["Frukost", "frukost"],
    ["Frukost ingår", "frukost"],
    ["Pet friendly", "husdjur"],
    ["Pets allowed", "husdjur"],
    ["Hundvänligt", "husdjur"],
    ["Outdoor swimming pool", "pool"],
    ["Indoor pool", "pool"],
    ["Free private parking", "parkering"],
    ["Garage parking", "parkering"],
    ["Fitness centre", "gym"],
    ["24-hour front desk", "reception-dygnet-runt"],
    ["Non-smoking rooms", "rokfritt"],
    ["Rooftop terrace", "takterrass"],
    ["Spa & wellness centre", "spa"],
    ["Kids’ club", "barnklubb"],
    ["In-room safe", "kassaskap"],
    ["Meeting rooms", "konferens"],
    ["Tennis courts", "tennis"],
    ["EV charging", "laddstation"],
    ["Luftkonditionering", "luftkonditionering"],
  ] as const)("%s → %s", (value, key) => {
    expect(amenityKey(value)).toBe(key);
  });

  it("knows an amenity only by a whole spelling: a pool table is no pool", () => {
    expect(amenityKey("POOL TABLE")).toBeNull();
    expect(amenityKey("Barbecue")).toBeNull();
    expect(amenityKey("Free")).toBeNull();
  });
});

describe("toAmenity", () => {
  it("shows a known value with the vocabulary's label and icon", () => {
    expect(toAmenity("BREAKFAST INCLUDED")).toEqual({ key: "frukost", label: "Frukost", icon: "egg" });
  });

  it("keeps an unknown value, in sentence case with the generic icon", () => {
    expect(toAmenity("POOL TABLE")).toEqual({ key: null, label: "Pool table", icon: GENERIC_AMENITY_ICON });
    expect(toAmenity("  karaoke   night ")).toEqual({ key: null, label: "Karaoke night", icon: GENERIC_AMENITY_ICON });
    expect(toAmenity("ÅNGBÅTSTUR")).toMatchObject({ label: "Ångbåtstur" });
  });

  it("leaves a mostly lower-case value as written, but for its first letter", () => {
    expect(sentenceCase("netflix on TV")).toBe("Netflix on TV");
    expect(sentenceCase("Wine tasting")).toBe("Wine tasting");
  });
});

describe("toAmenities", () => {
  it("keeps each amenity once, by key for known ones and by text for the rest; the first spelling wins", () => {
    const result = toAmenities(["Free WiFi", "WIFI", " Pool table ", "pool-table", "Wi-Fi", "", " ! ", "Sauna"]);
    expect(result.map(({ value }) => value)).toEqual(["Free WiFi", "Pool table", "Sauna"]);
    expect(result.map(({ amenity }) => amenity.label)).toEqual(["Wifi", "Pool table", "Bastu"]);
  });
});
