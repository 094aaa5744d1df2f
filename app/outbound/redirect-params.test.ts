import { describe, expect, it } from "vitest";
import { affiliateHost, countdownLabel, isKnownHost, readRedirectParams, redirectPath, refreshContent } from "./redirect-params.ts";

const read = (query: string) => readRedirectParams(new URLSearchParams(query));
const to = (destination: string, rest = "") => read(`to=${encodeURIComponent(destination)}${rest}`);

describe("readRedirectParams", () => {
  it("reads a destination with its source and hotel", () => {
    expect(to("https://www.booking.com/hotel/se/grand.sv.html?aid=1", "&source=booking-sidebar&hotel=grand-hotel")).toEqual({
      kind: "valid",
      destination: "https://www.booking.com/hotel/se/grand.sv.html?aid=1",
      host: "www.booking.com",
      source: "booking-sidebar",
      hotel: "grand-hotel",
      hotelId: null,
      stay: { checkIn: null, checkOut: null, adults: 2, rooms: 1 },
    });
  });

  it("reads the stay leniently: usable parts kept, the rest left out", () => {
    const base = "https://www.booking.com/";
    expect(
      readRedirectParams(new URLSearchParams(`to=${base}&incheckning=2026-12-01&utcheckning=2026-12-04&vuxna=3&rum=2`), "2026-11-24"),
    ).toMatchObject({
      stay: { checkIn: "2026-12-01", checkOut: "2026-12-04", adults: 3, rooms: 2 },
    });
    expect(
      readRedirectParams(new URLSearchParams(`to=${base}&incheckning=2026-11-01&utcheckning=2026-11-04&vuxna=99`), "2026-11-24"),
    ).toMatchObject({
      stay: { checkIn: null, checkOut: null, adults: 2, rooms: 1 },
    });
  });

  it("normalises the destination: host case, default port, IDN, unsafe characters", () => {
    expect(to('HTTPS://WWW.Booking.COM:443/a b?q="x"')).toMatchObject({
      destination: "https://www.booking.com/a%20b?q=%22x%22",
      host: "www.booking.com",
    });
    expect(to("http://partner.example:8080/")).toMatchObject({ host: "partner.example:8080" });
    expect(to("https://bücher.example/")).toMatchObject({ host: "xn--bcher-kva.example" });
    expect(to("  https://www.booking.com/  ")).toMatchObject({ destination: "https://www.booking.com/" });
  });

  it("treats an absent, empty or blank `to` as missing", () => {
    expect(read("")).toEqual({ kind: "missing" });
    expect(read("source=booking-sidebar&hotel=x")).toEqual({ kind: "missing" });
    expect(read("to=")).toEqual({ kind: "missing" });
    expect(read("to=%20%20")).toEqual({ kind: "missing" });
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(document.cookie)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example",
    "//evil.example/path",
    "/hotels",
    "ftp://x",
    "mailto:a@b.se",
    "not a url",
    "http://",
    "https://",
    "http:evil.example",
    "http:\\\\evil.example",
    "https:/evil.example",
    "https://www.booking.com@evil.example/",
    "https://user:pass@www.booking.com/",
    "https://www.boo\nking.com/",
    "https://www.booking.com/\u0000",
    `https://www.booking.com/${"a".repeat(2048)}`,
  ])("refuses %j as not an absolute http(s) URL", (destination) => {
    expect(to(destination)).toEqual({ kind: "invalid" });
  });

  it("accepts a destination of exactly 2048 characters", () => {
    const destination = `https://www.booking.com/${"a".repeat(2048 - "https://www.booking.com/".length)}`;
    expect(destination).toHaveLength(2048);
    expect(to(destination)).toMatchObject({ kind: "valid", destination });
  });

  it("drops a bad source or hotel instead of failing", () => {
    const base = "https://www.booking.com/";
    expect(to(base, `&source=${"s".repeat(41)}&hotel=${"h".repeat(101)}`)).toMatchObject({ kind: "valid", source: null, hotel: null });
    expect(to(base, "&source=%3Cscript%3E&hotel=a%00b")).toMatchObject({ source: null, hotel: null });
    expect(to(base, "&source=-leading&hotel=%20")).toMatchObject({ source: null, hotel: null });
    expect(to(base, `&source=${"s".repeat(40)}&hotel=${"h".repeat(100)}`)).toMatchObject({
      source: "s".repeat(40),
      hotel: "h".repeat(100),
    });
    expect(to(base, "&source=hotel_card-2&hotel=%20Hotell%20%C3%85re%20")).toMatchObject({ source: "hotel_card-2", hotel: "Hotell Åre" });
  });

  it("takes the first of repeated parameters", () => {
    expect(read("to=https%3A%2F%2Fa.example%2F&to=https%3A%2F%2Fb.example%2F&source=one&source=two")).toMatchObject({
      host: "a.example",
      source: "one",
    });
  });
});

describe("affiliateHost and isKnownHost", () => {
  it("take the host of http(s) URLs only", () => {
    expect(affiliateHost("https://www.Booking.com/x?aid=1")).toBe("www.booking.com");
    expect(affiliateHost(" https://se.hotels.com:443/ ")).toBe("se.hotels.com");
    expect(affiliateHost("http://127.0.0.1:3299/partner")).toBe("127.0.0.1:3299");
    expect(affiliateHost("https://user@partner.example/")).toBe("partner.example");
    for (const value of [null, undefined, "", "www.booking.com", "javascript:alert(1)", "ftp://x/", "not a url"]) {
      expect(affiliateHost(value)).toBeNull();
    }
  });

  it("match hosts exactly, port included", () => {
    const known = ["www.booking.com", "127.0.0.1:3299"];
    expect(isKnownHost("www.booking.com", known)).toBe(true);
    expect(isKnownHost("WWW.BOOKING.COM", known)).toBe(true);
    expect(isKnownHost("127.0.0.1:3299", known)).toBe(true);
    expect(isKnownHost("booking.com", known)).toBe(false);
    expect(isKnownHost("www.booking.com.evil.example", known)).toBe(false);
    expect(isKnownHost("www.booking.com:8443", known)).toBe(false);
    expect(isKnownHost("127.0.0.1", known)).toBe(false);
    expect(isKnownHost("www.booking.com", new Set<string>())).toBe(false);
  });
});

describe("page helpers", () => {
  it("count down in Swedish", () => {
    expect([3, 2, 1].map(countdownLabel)).toEqual(["om 3 sekunder", "om 2 sekunder", "om 1 sekund"]);
  });

  it("build the meta refresh content and the booking link", () => {
    expect(refreshContent("https://www.booking.com/?a=1&b=2")).toBe("3; url=https://www.booking.com/?a=1&b=2");
    const path = redirectPath("https://www.booking.com/?a=1&b=2", { source: "booking-sidebar", hotel: "grand-hotel" });
    expect(path).toBe("/redirect?to=https%3A%2F%2Fwww.booking.com%2F%3Fa%3D1%26b%3D2&source=booking-sidebar&hotel=grand-hotel");
    expect(read(path.slice("/redirect?".length))).toMatchObject({
      kind: "valid",
      destination: "https://www.booking.com/?a=1&b=2",
      source: "booking-sidebar",
      hotel: "grand-hotel",
    });
    expect(redirectPath("https://x.example/")).toBe("/redirect?to=https%3A%2F%2Fx.example%2F");
  });

  it("carry the hotel's id as `hotell`, read only when it is a uuid", () => {
    const id = "0B6C1D2E-3F40-4a5b-8c9d-0e1f2a3b4c5d";
    const path = redirectPath("https://x.example/", { hotel: "grand-hotel", hotelId: id });
    expect(path).toBe(`/redirect?to=https%3A%2F%2Fx.example%2F&hotel=grand-hotel&hotell=${id}`);
    expect(read(path.slice("/redirect?".length))).toMatchObject({
      kind: "valid",
      destination: "https://x.example/",
      hotelId: id.toLowerCase(),
    });
    for (const bad of ["1", "grand-hotel", `${id}x`, ` ${id}`, "<b>", "0b6c1d2e3f404a5b8c9d0e1f2a3b4c5d"]) {
      expect(read(`to=https%3A%2F%2Fx.example%2F&hotell=${encodeURIComponent(bad)}`)).toMatchObject({ kind: "valid", hotelId: null });
    }
    expect(read("to=https%3A%2F%2Fx.example%2F")).toMatchObject({ hotelId: null });
  });
});
