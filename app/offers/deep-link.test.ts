import { describe, expect, it } from "vitest";
import { deepLinkTemplateProblem, deepLinkTemplateSchema, fillDeepLink } from "./deep-link.ts";
import { NO_STAY } from "#app/utils/stay.ts";

const stay = { checkIn: "2026-12-04", checkOut: "2026-12-07", adults: 3, rooms: 2 };
const TEMPLATE = "checkin={checkin}&checkout={checkout}&adults={adults}&rooms={rooms}&n={nights}&ref=hg";

describe("fillDeepLink", () => {
  it("sets the partner's own parameters from the stay, on the landing URL's own host", () => {
    expect(fillDeepLink("https://www.partner.example/hotel/1?ref=old&x=1", TEMPLATE, stay)).toBe(
      "https://www.partner.example/hotel/1?ref=hg&x=1&checkin=2026-12-04&checkout=2026-12-07&adults=3&rooms=2&n=3",
    );
  });
  it("leaves out what needs dates when there are none", () => {
    expect(fillDeepLink("https://www.partner.example/hotel/1", TEMPLATE, NO_STAY)).toBe(
      "https://www.partner.example/hotel/1?adults=2&rooms=1&ref=hg",
    );
  });
  it("encodes values and never changes scheme or host", () => {
    const filled = new URL(fillDeepLink("https://p.example/h", "to=https://evil.example/{checkin}&a={adults}", stay));
    expect(filled.host).toBe("p.example");
    expect(filled.searchParams.get("to")).toBe("https://evil.example/2026-12-04");
  });
  it("leaves the landing URL as it is for an empty or unusable template", () => {
    expect(fillDeepLink("https://p.example/h?a=1", "", stay)).toBe("https://p.example/h?a=1");
    expect(fillDeepLink("https://p.example/h?a=1", "a={bogus}", stay)).toBe("https://p.example/h?a=1");
  });
});

describe("deep-link templates", () => {
  it.each([
    ["checkin={checkin}&checkout={checkout}", null],
    ["?ci={checkin}", null],
    ["", null],
    ["a={when}", "Unknown placeholder {when}"],
    ["a={checkin", "Close every placeholder"],
    ["a b={checkin}", "without spaces"],
    ["x#y={checkin}", "without spaces, ? or #"],
    ["adults", 'Give "adults" a value'],
    ["=1", "is not a parameter name"],
  ])("%j: %s", (template, problem) => {
    const found = deepLinkTemplateProblem(template);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
  it("refuses what is too long through the schema", () => {
    expect(deepLinkTemplateSchema.safeParse(`a=${"x".repeat(600)}`).success).toBe(false);
    expect(deepLinkTemplateSchema.parse("  ci={checkin} ")).toBe("ci={checkin}");
  });
});
