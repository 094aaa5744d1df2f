import { describe, expect, it } from "vitest";
import {
  amenityLandingPath,
  inDistrict,
  isIndexable,
  isPlainList,
  landingIntro,
  landmarkLandingPath,
  neighbourhoodPath,
  radiusPhrase,
  priceRangeText,
  readDistrictSegment,
} from "./landing-pages.ts";
import { readListParams } from "./search-params.ts";
import { NO_STAY } from "#app/utils/stay.ts";
import { SEK_DISPLAY } from "#app/utils/money.ts";

/** Amounts as formatSek writes them, with its non-breaking spaces made plain for reading. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("neighbourhood addresses", () => {
  it("folds Swedish letters, case and spaces as the site's other slugs do", () => {
    expect(readDistrictSegment("Södermalm")).toBe("sodermalm");
    expect(readDistrictSegment("S%C3%B6dermalm")).toBe("sodermalm");
    expect(readDistrictSegment("GAMLA%20STAN")).toBe("gamla-stan");
    expect(readDistrictSegment("Presqu'île")).toBe("presqu-ile");
    expect(readDistrictSegment("Linnéstaden")).toBe("linnestaden");
    expect(readDistrictSegment("100%")).toBe("100");
    expect(readDistrictSegment("—")).toBe("");
  });

  it("makes the canonical paths, and none for a place that names nothing or an amenity without a page", () => {
    expect(neighbourhoodPath("Sweden", "Malmö", "vastra-hamnen")).toBe("/Sweden/Malm%C3%B6/omrade/vastra-hamnen");
    expect(neighbourhoodPath("Sweden", "..", "haga")).toBeNull();
    expect(neighbourhoodPath("Sweden", "Stockholm", "")).toBeNull();
    expect(amenityLandingPath("United States", "New York", "pool")).toBe("/United-States/New-York/med/pool");
    expect(amenityLandingPath("Sweden", "Stockholm", "minibar")).toBeNull();
  });
});

describe("Swedish for neighbourhoods", () => {
  it("says 'på' of islands and hills, 'i' of the rest", () => {
    expect(inDistrict("Södermalm")).toBe("på Södermalm");
    expect(inDistrict("Kungsholmen")).toBe("på Kungsholmen");
    expect(inDistrict("Möllevången")).toBe("på Möllevången");
    expect(inDistrict("Gamla stan")).toBe("i Gamla stan");
    expect(inDistrict("Linnéstaden")).toBe("i Linnéstaden");
    expect(inDistrict("Söder")).toBe("på Söder");
    expect(inDistrict("Väster")).toBe("på Väster");
    expect(inDistrict("Djurgården")).toBe("på Djurgården");
    expect(inDistrict("Inom Vallgraven")).toBe("inom Vallgraven");
  });

  it("writes a price range once when it is one price", () => {
    expect(plain(priceRangeText({ fromSek: 890, toSek: 3200, per: "night" }, SEK_DISPLAY))).toBe("från 890 kr till 3 200 kr per natt");
    expect(plain(priceRangeText({ fromSek: 1450, toSek: 1450, per: "night" }, SEK_DISPLAY))).toBe("1 450 kr per natt");
    expect(plain(priceRangeText({ fromSek: 2900, toSek: 8700, per: "stay" }, SEK_DISPLAY))).toBe(
      "från 2 900 kr till 8 700 kr för hela vistelsen",
    );
  });
});

const facts = {
  place: "Stockholm",
  what: "med pool",
  hotels: 12,
  price: { fromSek: 890, toSek: 3200, per: "night" as const },
  neighbourhoods: [
    { name: "Södermalm", hotels: 5 },
    { name: "Norrmalm", hotels: 4 },
    { name: "Östermalm", hotels: 2 },
    { name: "Gamla stan", hotels: 1 },
  ],
  display: SEK_DISPLAY,
};

describe("landingIntro", () => {
  it("says how many, what they cost and where most of them are", () => {
    expect(plain(landingIntro(facts))).toBe(
      "Vi har 12 hotell med pool i Stockholm. Priserna ligger från 890 kr till 3 200 kr per natt. Flest ligger i områdena Södermalm (5), Norrmalm (4) och Östermalm (2).",
    );
  });

  it("names every neighbourhood when there are few, and one without a count when it holds them all", () => {
    expect(landingIntro({ ...facts, hotels: 3, neighbourhoods: facts.neighbourhoods.slice(2) })).toContain(
      "De ligger i områdena Östermalm (2) och Gamla stan (1).",
    );
    expect(landingIntro({ ...facts, hotels: 5, neighbourhoods: [{ name: "Södermalm", hotels: 5 }] })).toContain(
      "Alla ligger i området Södermalm.",
    );
    expect(landingIntro({ ...facts, hotels: 7, neighbourhoods: [{ name: "Södermalm", hotels: 5 }] })).toContain(
      "5 av dem ligger i området Södermalm.",
    );
  });

  it("leaves out what the data does not say", () => {
    expect(landingIntro({ ...facts, hotels: 1, price: null, neighbourhoods: [] })).toBe("Vi har 1 hotell med pool i Stockholm.");
    expect(plain(landingIntro({ ...facts, price: { fromSek: 990, toSek: 990, per: "night" }, neighbourhoods: [] }))).toBe(
      "Vi har 12 hotell med pool i Stockholm. Priset är 990 kr per natt.",
    );
  });
});

describe("a landmark page's introduction", () => {
  const near = { ...facts, what: `inom ${radiusPhrase(1000)} från Centralstationen`, hotels: 9, nearestMetres: 212 };

  it("says how many are within the radius, how near the nearest is, what they cost and where they are", () => {
    expect(plain(landingIntro(near))).toBe(
      "Vi har 9 hotell inom en kilometer från Centralstationen i Stockholm. Det närmaste ligger 200 m bort. " +
        "Priserna ligger från 890 kr till 3 200 kr per natt. Flest ligger i områdena Södermalm (5), Norrmalm (4) och Östermalm (2).",
    );
  });

  it("speaks of one hotel as 'det', and of none without inventing a distance", () => {
    expect(plain(landingIntro({ ...near, hotels: 1, price: null, neighbourhoods: [], nearestMetres: 712 }))).toBe(
      "Vi har 1 hotell inom en kilometer från Centralstationen i Stockholm. Det ligger 700 m bort.",
    );
    // Its area said with its distance, not in a sentence of its own after the price.
    const one = { ...near, hotels: 1, neighbourhoods: [{ name: "Norrmalm", hotels: 1 }], nearestMetres: 948 };
    expect(plain(landingIntro({ ...one, price: { ...near.price!, toSek: near.price!.fromSek } }))).toBe(
      "Vi har 1 hotell inom en kilometer från Centralstationen i Stockholm. Det ligger 950 m bort, i området Norrmalm. Priset är 890 kr per natt.",
    );
    expect(landingIntro({ ...near, hotels: 0, price: null, neighbourhoods: [], nearestMetres: null })).toBe(
      "Vi har inga hotell inom en kilometer från Centralstationen i Stockholm just nu.",
    );
  });

  it("says the radius as a Swede would", () => {
    expect(radiusPhrase(1000)).toBe("en kilometer");
    expect(radiusPhrase(1500)).toBe("1,5 kilometer");
    expect(radiusPhrase(800)).toBe("800 meter");
  });

  it("has a lower-case path under the place's own", () => {
    expect(landmarkLandingPath("Sweden", "Malmö", "centralstationen")).toBe("/Sweden/Malm%C3%B6/nara/centralstationen");
    expect(landmarkLandingPath("Sweden", ".", "centralstationen")).toBeNull();
    expect(landmarkLandingPath("Sweden", "Stockholm", "")).toBeNull();
  });
});

describe("indexing", () => {
  const page = (query: string) => ({
    params: readListParams(new URLSearchParams(query)),
    stay: NO_STAY,
    conditions: [],
    display: SEK_DISPLAY,
  });

  it("indexes from five hotels", () => {
    expect(isIndexable(4)).toBe(false);
    expect(isIndexable(5)).toBe(true);
  });

  it("indexes only the plain list: sorting and paging keep it, any filter or search does not", () => {
    expect(isPlainList(page(""))).toBe(true);
    expect(isPlainList(page("sortera=pris&sida=2"))).toBe(true);
    for (const query of ["rating=4", "gastbetyg=8", "prismin=500", "bekvamlighet=pool", "search=spa"])
      expect(isPlainList(page(query)), query).toBe(false);
    expect(isPlainList({ ...page(""), stay: { ...NO_STAY, adults: 3 } })).toBe(false);
    expect(isPlainList({ ...page(""), display: { ...SEK_DISPLAY, currency: "EUR" } })).toBe(false);
  });

  it("takes a landing page's own amenity or landmark for the page, not for a filter", () => {
    expect(isPlainList(page("bekvamlighet=pool"), { amenity: "pool" })).toBe(true);
    expect(isPlainList(page("bekvamlighet=pool&bekvamlighet=spa"), { amenity: "pool" })).toBe(false);
    expect(isPlainList(page("nara=centralstationen"), { landmark: "centralstationen" })).toBe(true);
    expect(isPlainList(page("nara=gamla-stan"), { landmark: "centralstationen" })).toBe(false);
  });
});
