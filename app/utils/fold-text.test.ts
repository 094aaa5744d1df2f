import { describe, expect, it } from "vitest";
import { foldText } from "./fold-text.ts";

describe("foldText", () => {
  it("folds accents and case", () => {
    expect(foldText("Ålesund Über Malmö")).toBe("alesund uber malmo");
  });
  it("writes letters without a decomposition in their plain Latin form", () => {
    expect(foldText("Tromsø Æbeltoft Straße Łódź")).toBe("tromso aebeltoft strasse lodz");
  });
});
