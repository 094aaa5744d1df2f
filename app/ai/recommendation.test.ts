import { describe, expect, it } from "vitest";
import { answerLines, RECOMMENDATION_MESSAGES } from "./recommendation.ts";
import { recommendationRequestSchema } from "./recommendation-request.ts";

describe("answerLines", () => {
  const hotels = [
    { name: "Hotel Ett", path: "/Sweden/Stockholm/hotel-ett" },
    { name: "Hotel Ett Plus", path: "/Sweden/Stockholm/hotel-ett-plus" },
  ];

  it("keeps the lines and turns every hotel name into a link, the longest name first", () => {
    expect(answerLines("Förslag:\n1. Hotel Ett Plus (Stockholm)\n2. Hotel Ett, nära Hotel Ett Plus", hotels)).toEqual([
      [{ text: "Förslag:" }],
      [{ text: "1. " }, { text: "Hotel Ett Plus", path: "/Sweden/Stockholm/hotel-ett-plus" }, { text: " (Stockholm)" }],
      [
        { text: "2. " },
        { text: "Hotel Ett", path: "/Sweden/Stockholm/hotel-ett" },
        { text: ", nära " },
        { text: "Hotel Ett Plus", path: "/Sweden/Stockholm/hotel-ett-plus" },
      ],
    ]);
  });

  it("keeps empty lines and text without hotels as it is", () => {
    expect(answerLines("a\n\nb", [])).toEqual([[{ text: "a" }], [], [{ text: "b" }]]);
  });
});

describe("recommendationRequestSchema", () => {
  it("needs a query that is not blank; preferences are optional", () => {
    const blank = recommendationRequestSchema.safeParse({ query: "   ", preferences: "" });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe(RECOMMENDATION_MESSAGES.missing.description);
    expect(recommendationRequestSchema.parse({ query: " spa ", preferences: undefined })).toEqual({ query: "spa", preferences: "" });
  });

  it("refuses a query over 500 characters", () => {
    expect(recommendationRequestSchema.safeParse({ query: "x".repeat(501), preferences: "" }).success).toBe(false);
  });
});
