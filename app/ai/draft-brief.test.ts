import { describe, expect, it } from "vitest";
import { readBrief } from "./draft-brief.ts";
import { understandRequest } from "./understand.ts";

const known = {
  places: [
    { location: "Nice", country: "France", name: "Nice", countryName: "Frankrike" },
    { location: "Gothenburg", country: "Sweden", name: "Göteborg", countryName: "Sverige" },
  ],
  countries: [
    { country: "France", name: "Frankrike" },
    { country: "Sweden", name: "Sverige" },
  ],
};
const brief = (text: string) => readBrief(text, understandRequest(text, known));

describe("readBrief", () => {
  it.each([
    ["Skriv om stränder och parker i Nice", ["stränder", "parker"]],
    ["Ett inlägg om de bästa stränderna, parkerna och marknaderna i Göteborg.", ["de bästa stränderna", "parkerna", "marknaderna"]],
    ["Write about beaches and parks in Nice", ["beaches", "parks"]],
    ["museer och kaféer i Göteborg", ["museer", "kaféer"]],
    ["Skriv om Nice: stränder och parker", ["stränder", "parker"]],
  ])("reads the subjects of %j", (text, subjects) => {
    expect(brief(text).subjects).toEqual(subjects);
  });

  it("asks for no hotels unless the brief does", () => {
    expect(brief("Skriv om stränder och parker i Nice")).toEqual({ subjects: ["stränder", "parker"], wantsHotels: false });
    expect(brief("Skriv om stränder och parker i Nice, med några hotell nära havet")).toEqual({
      subjects: ["stränder", "parker"],
      wantsHotels: true,
    });
    expect(brief("Skriv om stränder, parker och var man kan bo i Nice")).toEqual({ subjects: ["stränder", "parker"], wantsHotels: true });
  });

  it("finds no subject in a brief about hotels alone, which the draft then lists", () => {
    expect(brief("hotell i Göteborg med frukost")).toEqual({ subjects: [], wantsHotels: true });
    expect(brief("Skriv om hotell i Göteborg")).toEqual({ subjects: [], wantsHotels: true });
    expect(brief("Skriv om femstjärniga hotell med spa i Nice")).toEqual({ subjects: [], wantsHotels: true });
    expect(brief("Familjehotell i Göteborg")).toEqual({ subjects: [], wantsHotels: true });
  });
});
