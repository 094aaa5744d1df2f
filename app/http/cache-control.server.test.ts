import { describe, expect, it } from "vitest";
import { cacheControlFor, PRIVATE, PUBLIC_NOT_FOUND, PUBLIC_PAGE } from "./cache-control.server.ts";

const request = (init: RequestInit = {}) => new Request("http://localhost/hotels", init);
const response = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

describe("cacheControlFor", () => {
  it("lets a CDN keep anonymous pages briefly", () => {
    expect(cacheControlFor(request(), response(200))).toBe(PUBLIC_PAGE);
    expect(cacheControlFor(request(), response(404))).toBe(PUBLIC_NOT_FOUND);
  });
  it("makes answers that set or read our cookies private", () => {
    expect(cacheControlFor(request(), response(200, { "Set-Cookie": "hg_flash=x" }))).toBe(PRIVATE);
    expect(cacheControlFor(request({ headers: { Cookie: "hg_flash=abc" } }), response(200))).toBe(PRIVATE);
    expect(
      cacheControlFor(request({ headers: { Cookie: "hg_flash=abc" } }), response(200, { "Cache-Control": "public, max-age=60" })),
    ).toBe(PRIVATE);
  });
  it("ignores cookies that are not ours", () => {
    expect(cacheControlFor(request({ headers: { Cookie: "_ga=1" } }), response(200))).toBe(PUBLIC_PAGE);
  });
  it("keeps a route's own choice, and never caches writes or errors", () => {
    expect(cacheControlFor(request(), response(200, { "Cache-Control": "no-store" }))).toBe("no-store");
    expect(cacheControlFor(request({ method: "POST" }), response(200))).toBe(PRIVATE);
    expect(cacheControlFor(request(), response(500))).toBe(PRIVATE);
  });
});
