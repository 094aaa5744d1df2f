import { describe, expect, it } from "vitest";
import { understandRequest } from "./understand.ts";

// As catalogueVocabulary gives them: the stored spelling and the Swedish name from the database.
const place = (location: string, country: string, name = location, countryName = country) => ({ location, country, name, countryName });
const known = {
  places: [
    place("Stockholm", "Sweden", "Stockholm", "Sverige"),
    place("Åre", "Sweden", "Åre", "Sverige"),
    place("Gothenburg", "Sweden", "Göteborg", "Sverige"),
    place("Nice", "France", "Nice", "Frankrike"),
    place("New York", "United States", "New York", "USA"),
    place("Rome", "Italy", "Rom", "Italien"),
    place("Malmö", "Sweden", "Malmö", "Sverige"),
    place("Copenhagen", "Denmark", "Köpenhamn", "Danmark"),
    place("Turku", "Finland", "Åbo", "Finland"),
  ],
  countries: [
    { country: "Sweden", name: "Sverige" },
    { country: "France", name: "Frankrike" },
    { country: "United States", name: "USA" },
    { country: "Italy", name: "Italien" },
    { country: "Norway", name: "Norge" },
    { country: "Denmark", name: "Danmark" },
    { country: "Netherlands", name: "Nederländerna" },
  ],
};
const read = (text: string) => understandRequest(text, known);

describe("understandRequest", () => {
  it.each([
    ["4 stjärnor", 4],
    ["minst 3 stjärnor", 3],
    ["ett fyrstjärnigt hotell", 4],
    ["femstjärniga hotell", 5],
    ["fem stjärnor", 5],
    ["a five-star hotel", 5],
    ["4-star", 4],
    ["3* hotel", 3],
    ["trestjärnigt", 3],
    ["hotell i Stockholm", null],
  ])("reads the stars of %j", (text, stars) => {
    expect(read(text).minStars).toBe(stars);
  });

  it("finds places accent-insensitively and by their Swedish names, never inventing one", () => {
    expect(read("hotell i malmo").places.map((p) => p.location)).toEqual(["Malmö"]);
    expect(read("Göteborg i maj").places.map((p) => p.location)).toEqual(["Gothenburg"]);
    expect(read("en vecka i Rom").places.map((p) => p.location)).toEqual(["Rome"]);
    expect(read("hotell i Köpenhamn med frukost").places.map((p) => p.location)).toEqual(["Copenhagen"]);
    expect(read("kopenhamn").places.map((p) => p.location)).toEqual(["Copenhagen"]);
    expect(read("hotell i Atlantis").places).toEqual([]);
  });

  it("keeps understanding English names", () => {
    expect(read("hotel in Gothenburg with parking").places.map((p) => p.name)).toEqual(["Göteborg"]);
    expect(read("Copenhagen in May").places.map((p) => p.location)).toEqual(["Copenhagen"]);
    expect(read("hotels in Sweden").countries).toEqual([{ country: "Sweden", name: "Sverige" }]);
    expect(read("a week in Holland").countries.map((c) => c.country)).toEqual(["Netherlands"]);
  });

  it("reads the Swedish names the database gives, not a list of its own", () => {
    const bare = { places: [place("Gothenburg", "Sweden")], countries: [{ country: "Sweden", name: "Sweden" }] };
    expect(understandRequest("hotell i Göteborg", bare).places).toEqual([]);
    expect(understandRequest("hotell i Sverige", bare).countries).toEqual([]);
    expect(read("hotell i Sverige").countries.map((c) => c.name)).toEqual(["Sverige"]);
  });

  it("does not take ordinary words for places", () => {
    expect(read("which hotels are nice and rom-free").places).toEqual([]);
    expect(read("Are there hotels in Nice?").places.map((p) => p.location)).toEqual(["Nice"]);
    expect(read("skidresa till Åre").places.map((p) => p.location)).toEqual(["Åre"]);
    expect(read("en resa till Åbo").places.map((p) => p.location)).toEqual(["Turku"]);
    expect(read("abo").places).toEqual([]);
  });

  it("prefers the place to its country, and keeps a country named on its own", () => {
    const both = read("Stockholm, Sverige");
    expect(both.places.map((p) => p.location)).toEqual(["Stockholm"]);
    expect(both.countries).toEqual([]);
    expect(read("hotell i Norge eller Frankrike").countries.map((c) => c.country)).toEqual(["France", "Norway"]);
    expect(read("resa till USA").countries.map((c) => c.country)).toEqual(["United States"]);
    expect(read("New York i december").places.map((p) => p.location)).toEqual(["New York"]);
  });

  it("reads amenities in Swedish and English, with Swedish endings", () => {
    expect(read("pool, frukosten ingår, parkeringen gratis").amenities).toEqual(["pool", "breakfast", "parking"]);
    expect(read("gym and spa, pets welcome").amenities).toEqual(["gym", "spa", "pets"]);
    expect(read("resa med barnen till Spanien").amenities).toEqual(["family"]);
    expect(read("bastu och wifi").amenities).toEqual(["sauna", "wifi"]);
  });

  it("reads budget words and a price ceiling", () => {
    expect(read("billigt boende").budget).toBe("low");
    expect(read("något lyxigt").budget).toBe("high");
    expect(read("cheap hotel").budget).toBe("low");
    expect(read("under 1 500 kr per natt").maxPrice).toBe(1500);
    expect(read("max 900 kronor").maxPrice).toBe(900);
    expect(read("under 5 minuter från stationen").maxPrice).toBeNull();
  });
});
