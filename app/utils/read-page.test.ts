import { describe, expect, it } from "vitest";
import { readPage } from "./read-page.ts";

const page = (query: string, options?: Parameters<typeof readPage>[1]) => readPage(new URLSearchParams(query), options);

describe("readPage", () => {
  it("reads ?sida= by default, and another name when told", () => {
    expect(page("sida=3")).toBe(3);
    expect(page("page=4", { name: "page" })).toBe(4);
    expect(page("page=4")).toBe(1);
  });

  it("takes page 1 for anything that is not a number, and keeps within 1..max", () => {
    for (const query of ["", "sida=", "sida=x", "sida=-3", "sida=0"]) expect(page(query)).toBe(1);
    expect(page("sida=2abc")).toBe(2);
    expect(page("sida=99999999")).toBe(10_000);
    expect(page("sida=50", { max: 20 })).toBe(20);
  });
});
