import { describe, expect, it } from "vitest";
import { isLocalPath, returnPath } from "./paths.ts";

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
