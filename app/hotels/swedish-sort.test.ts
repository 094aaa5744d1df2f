import { describe, expect, it } from "vitest";
import { sortSwedish } from "./swedish-sort.ts";

describe("sortSwedish", () => {
  it("puts Å, Ä and Ö after Z, in that order", () => {
    expect(sortSwedish(["Örebro", "Zürich", "Aarhus", "Älmhult", "Åre", "Oslo", "Malmö"])).toEqual([
      "Aarhus",
      "Malmö",
      "Oslo",
      "Zürich",
      "Åre",
      "Älmhult",
      "Örebro",
    ]);
  });
  it("drops blanks and duplicates", () => {
    expect(sortSwedish(["Oslo", " Oslo ", "", null, undefined, "  "])).toEqual(["Oslo"]);
  });
});
