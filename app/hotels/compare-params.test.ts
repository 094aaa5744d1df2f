import { describe, expect, it } from "vitest";
import { NO_STAY } from "#app/utils/stay.ts";
import {
  amenityRows,
  chosenLabel,
  compareHref,
  compareHrefWithout,
  goneNote,
  parseSelection,
  readCompareIds,
  sitesLabel,
  toggleSelection,
} from "#app/hotels/compare-params.ts";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const C = "33333333-3333-4333-8333-333333333333";
const D = "44444444-4444-4444-8444-444444444444";
const E = "55555555-5555-4555-8555-555555555555";

const read = (...values: string[]) => readCompareIds(new URLSearchParams(values.map((value): [string, string] => ["hotell", value])));

describe("readCompareIds", () => {
  it("keeps uuids in the given order, trimmed and lower case, each once", () => {
    expect(read(` ${B} `, A, B.toUpperCase(), A)).toEqual({ ids: [B, A], notes: [] });
  });

  it("drops what is not a uuid with a note, and empty values without one", () => {
    expect(read(A, "inte-ett-hotell", "", "  ", B)).toEqual({
      ids: [A, B],
      notes: ["En hotellkod i adressen gick inte att läsa och har hoppats över."],
    });
    expect(read("x", `${A}x`, "' or 1=1 --").notes).toEqual(["3 hotellkoder i adressen gick inte att läsa och har hoppats över."]);
  });

  it("keeps at most four, with a note saying how many were chosen", () => {
    expect(read(A, B, C, D, E)).toEqual({
      ids: [A, B, C, D],
      notes: ["Du kan jämföra högst 4 hotell åt gången. Du valde 5, så vi visar de 4 första."],
    });
  });

  it("reads odd input without throwing", () => {
    expect(read("\u0000", "x".repeat(100_000), `${A}\n`).ids).toEqual([A]);
    const many = new URLSearchParams(Array.from({ length: 10_000 }, (): [string, string] => ["hotell", A]));
    expect(readCompareIds(many)).toEqual({ ids: [A], notes: ["9800 hotellkoder i adressen gick inte att läsa och har hoppats över."] });
    expect(readCompareIds(new URLSearchParams())).toEqual({ ids: [], notes: [] });
  });

  it("names gone hotels in natural Swedish", () => {
    expect(goneNote(1)).toBe("1 hotell finns inte längre och har tagits bort från jämförelsen.");
    expect(goneNote(2)).toBe("2 hotell finns inte längre och har tagits bort från jämförelsen.");
  });
});

describe("compareHref", () => {
  const stay = { checkIn: "2030-01-10", checkOut: "2030-01-12", adults: 3, rooms: 1 };
  it("lists the hotels and the stay", () => {
    expect(compareHref([A, B], stay)).toBe(`/jamfor?hotell=${A}&hotell=${B}&incheckning=2030-01-10&utcheckning=2030-01-12&vuxna=3`);
    expect(compareHref([], NO_STAY)).toBe("/jamfor");
  });
  it("leaves one hotel out", () => {
    expect(compareHrefWithout([A, B, C], B, NO_STAY)).toBe(`/jamfor?hotell=${A}&hotell=${C}`);
  });
});

describe("amenityRows", () => {
  it("has a row per amenity any hotel has, in the vocabulary's order", () => {
    const rows = amenityRows([{ amenity_keys: ["parkering", "wifi"] }, { amenity_keys: ["wifi"] }, { amenity_keys: [] }]);
    expect(rows.map((row) => [row.key, row.label, row.has])).toEqual([
      ["wifi", "Wifi", [true, true, false]],
      ["parkering", "Parkering", [true, false, false]],
    ]);
  });
  it("ignores keys the vocabulary does not know", () => {
    expect(amenityRows([{ amenity_keys: ["okänd"] }])).toEqual([]);
  });
});

describe("the browser's selection", () => {
  it("reads what was stored leniently", () => {
    expect(
      parseSelection(JSON.stringify([{ id: A.toUpperCase(), name: "Ett" }, { id: A }, { id: "x" }, null, { id: B, name: 5 }])),
    ).toEqual([
      { id: A, name: "Ett" },
      { id: B, name: "" },
    ]);
    expect(parseSelection("{")).toEqual([]);
    expect(parseSelection('{"id":1}')).toEqual([]);
    expect(parseSelection(null)).toEqual([]);
    expect(parseSelection(JSON.stringify([A, B, C, D, E].map((id) => ({ id, name: id }))))).toHaveLength(4);
  });

  it("ticks up to four and unticks", () => {
    let selection = toggleSelection([], { id: A, name: "Ett" }, true);
    selection = toggleSelection(selection, { id: A, name: "Ett" }, true);
    expect(selection).toEqual([{ id: A, name: "Ett" }]);
    for (const id of [B, C, D, E]) selection = toggleSelection(selection, { id, name: id }, true);
    expect(selection.map((item) => item.id)).toEqual([A, B, C, D]);
    expect(toggleSelection(selection, { id: B, name: "" }, false).map((item) => item.id)).toEqual([A, C, D]);
    expect(toggleSelection([], { id: "x", name: "" }, true)).toEqual([]);
  });

  it("labels", () => {
    expect(chosenLabel(2)).toBe("2 av 4 hotell valda");
    expect(sitesLabel(1)).toBe("hos 1 sajt");
    expect(sitesLabel(3)).toBe("hos 3 sajter");
  });
});
