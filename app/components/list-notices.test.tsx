import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { ListCount } from "./list-notices.tsx";
import { readListParams } from "#app/hotels/search-params.ts";

const count = (total: number, more: boolean, listed: number, search = "") =>
  renderToStaticMarkup(<ListCount page={{ total, more, listed, params: { ...readListParams(new URLSearchParams()), search } }} />)
    .replace(/<[^>]+>/g, "")
    // formatCount groups digits with a no-break space.
    .replace(/[\u00a0\u202f]/g, " ");

describe("ListCount", () => {
  it("gives a whole list's count", () => {
    expect(count(56, false, 56)).toBe("56 hotell");
  });

  it("says which hotels a list stopped counting at shows (decision 037)", () => {
    expect(count(1000, true, 1000)).toBe("Över 1 000 hotell. Vi visar de 1 000 första.");
    expect(count(1000, true, 1000, "spa")).toBe("Över 1 000 hotell. Vi visar de 1 000 som matchar sökningen bäst.");
  });

  it("keeps a long list's real count and says how to reach the hotels past the pages (decision 038)", () => {
    expect(count(1_000_000, false, 1000)).toBe("1 000 000 hotell. Vi visar de 1 000 första. Sök eller filtrera för att hitta andra.");
  });
});
