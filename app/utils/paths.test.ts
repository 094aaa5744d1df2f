import { describe, expect, it } from "vitest";
import { countryPath, hotelPath, isLocalPath, isPlaceName, placePath, returnPath } from "./paths.ts";

describe("isLocalPath", () => {
  it.each(["/", "/admin", "/admin/hotels?q=Malmö&page=2", "/Sweden/Stockholm#karta"])("accepts %s", (value) => {
    expect(isLocalPath(value)).toBe(true);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/admin\\..\\x",
    "https://evil.example/",
    "javascript:alert(1)",
    "admin",
    "",
    null,
    42,
  ])("refuses %j", (value) => {
    expect(isLocalPath(value)).toBe(false);
  });
});

describe("returnPath", () => {
  it.each([
    ["/admin/hotels?q=x", "/admin/hotels?q=x"],
    // A header carries ASCII only: what is not ASCII goes percent-encoded, never raw.
    ["/。evil", "/%E3%80%82evil"],
    ["/ü", "/%C3%BC"],
    ["/%C3%BC", "/%C3%BC"],
    ["/Sverige/Malmö?q=å#karta", "/Sverige/Malm%C3%B6?q=%C3%A5#karta"],
  ])("makes %j a header-safe path: %j", (value, expected) => {
    expect(returnPath(value)).toBe(expected);
    expect(expected).toMatch(/^[\x21-\x7e]+$/);
  });

  it.each(["//evil.example", "/\\evil.example", "https://evil.example/", "/\t/evil", "", null])("refuses %j", (value) => {
    expect(returnPath(value)).toBeNull();
  });
});

describe("addresses of countries, places and hotels", () => {
  it("are made from names and the stored slug", () => {
    expect(countryPath("New Zealand")).toBe("/New-Zealand");
    expect(placePath("Norway", "Tromsø")).toBe("/Norway/Troms%C3%B8");
    expect(placePath("Japan", "東京")).toBe("/Japan/%E6%9D%B1%E4%BA%AC");
    expect(hotelPath({ country: "Norway", location: "Tromsø", slug: "hotell-angstrom-2" })).toBe("/Norway/Troms%C3%B8/hotell-angstrom-2");
  });
  it("are refused (null) for a name that names nothing or a slug that is not one", () => {
    for (const name of ["", " ", ".", "..", " .. ", "-", "/", "…", null, undefined]) {
      expect(isPlaceName(name)).toBe(false);
      expect(countryPath(name)).toBeNull();
      expect(placePath("Sweden", name)).toBeNull();
      expect(placePath(name, "Stockholm")).toBeNull();
      expect(hotelPath({ country: name ?? null, location: "Stockholm", slug: "evil" })).toBeNull();
      expect(hotelPath({ country: "Sweden", location: name ?? null, slug: "evil" })).toBeNull();
    }
    for (const slug of [null, "", ".", "..", "a/b", "-a", "A", "%2e"]) {
      expect(hotelPath({ country: "Sweden", location: "Stockholm", slug })).toBeNull();
    }
  });
});
