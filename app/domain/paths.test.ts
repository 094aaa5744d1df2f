import { describe, expect, it } from "vitest";
import { isLocalPath } from "./paths.ts";

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
