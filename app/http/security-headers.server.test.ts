import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, hostSource, imageSources } from "./security-headers.server.ts";

describe("hostSource", () => {
  it.each([
    ["https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"],
    ["https://{s}.tile.example.org/{z}/{x}/{y}.png", "https://*.tile.example.org"],
    ["http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png", "http://127.0.0.1:8080"],
    ["https://abcdefgh.supabase.co", "https://abcdefgh.supabase.co"],
  ])("%s → %s", (template, source) => {
    expect(hostSource(template)).toBe(source);
  });

  it("refuses anything that is not an http(s) host", () => {
    expect(hostSource("javascript:alert(1)")).toBeNull();
    expect(hostSource("https://exa mple.org/")).toBeNull();
    expect(hostSource("https://evil.org;script-src *")).toBeNull();
  });
});

describe("contentSecurityPolicy", () => {
  it("lets scripts run only from our origin or with the nonce, and images from the configured hosts", () => {
    const images = imageSources({
      MAP_TILE_URL: "https://{s}.tiles.example.org/{z}/{x}/{y}.png",
      SUPABASE_URL: "https://abcdefgh.supabase.co",
      IMAGE_HOSTS: ["cf.bstatic.com"],
    });
    const csp = contentSecurityPolicy({ nonce: "abc123", images });
    expect(csp.split("; ")).toEqual([
      "default-src 'self'",
      "script-src 'self' 'nonce-abc123'",
      "style-src 'self' 'nonce-abc123'",
      "img-src 'self' data: https://*.tiles.example.org https://abcdefgh.supabase.co cf.bstatic.com",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]);
  });
});
