import { describe, expect, it } from "vitest";
import { deepLinkPreview, PARTNER_MESSAGES, partnerFieldsSchema, partnerHost, partnerSchema, sampleStay } from "./partner-form.ts";

const valid = {
  id: "resekompassen",
  name: "Resekompassen",
  host: "www.resekompassen.example",
  logoUrl: "",
  deepLinkTemplate: "checkin={checkin}&checkout={checkout}&adults={adults}&rooms={rooms}",
  active: "on",
};

/** The field errors of a form post, by field. */
function errorsOf(input: Record<string, unknown>): Record<string, string[]> {
  const result = partnerSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join(".") || "form"] ??= []).push(issue.message);
  return errors;
}

describe("partnerHost", () => {
  it("takes a bare host or an http(s) URL on it, lower case, without a default port", () => {
    expect(partnerHost("www.Partner.SE")).toEqual({ host: "www.partner.se" });
    expect(partnerHost("  HTTPS://WWW.Partner.se/hotell/1?x=1#top ")).toEqual({ host: "www.partner.se" });
    expect(partnerHost("http://partner.se:80/")).toEqual({ host: "partner.se" });
    expect(partnerHost("partner.se:8443")).toEqual({ host: "partner.se:8443" });
    expect(partnerHost("https://partner.se:8443/x")).toEqual({ host: "partner.se:8443" });
    expect(partnerHost("hotellfyndå.se")).toEqual({ host: "xn--hotellfynd-b6a.se" });
  });

  it("refuses other schemes, user names and what is no host", () => {
    expect(partnerHost("")).toEqual({ problem: PARTNER_MESSAGES.required });
    expect(partnerHost("javascript:alert(1)")).toEqual({ problem: PARTNER_MESSAGES.hostScheme });
    expect(partnerHost("ftp://partner.se")).toEqual({ problem: PARTNER_MESSAGES.hostScheme });
    expect(partnerHost("mailto:info@partner.se")).toEqual({ problem: PARTNER_MESSAGES.hostScheme });
    expect(partnerHost("https://user:pw@partner.se")).toEqual({ problem: PARTNER_MESSAGES.hostInvalid });
    expect(partnerHost("https://[2606:4700::1111]/")).toEqual({ problem: PARTNER_MESSAGES.hostInvalid });
    expect(partnerHost("two words")).toEqual({ problem: PARTNER_MESSAGES.hostInvalid });
    expect(partnerHost("-partner.se")).toEqual({ problem: PARTNER_MESSAGES.hostInvalid });
    expect(partnerHost("www.partner\t.se")).toEqual({ problem: PARTNER_MESSAGES.controlCharacters });
  });

  it("refuses this machine, private networks and metadata addresses, however they are written", () => {
    for (const typed of [
      "127.0.0.1:4100",
      "http://169.254.169.254/latest/meta-data/",
      "10.1.2.3",
      "http://[::1]:8080/",
      "localhost:3000/path",
      "0.0.0.0",
      "http://2130706433/",
      "0x7f.1",
      "http://[::ffff:127.0.0.1]/",
      "100.64.0.1",
      "[fd00::1]",
      "metadata.google.internal",
    ])
      expect(partnerHost(typed), typed).toEqual({ problem: PARTNER_MESSAGES.hostNotPublic });
  });
});

describe("partnerSchema", () => {
  it("refuses control characters in the name", () => {
    const result = partnerFieldsSchema.safeParse({ ...valid, name: "Partner\u0007AB" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([["name", PARTNER_MESSAGES.controlCharacters]]);
  });

  it("gives what is saved: the stored host, no logo as null, the template without a leading ?", () => {
    const result = partnerSchema.parse({ ...valid, host: "https://WWW.Resekompassen.example/hotell", deepLinkTemplate: " ?a={adults} " });
    expect(result).toEqual({
      id: "resekompassen",
      name: "Resekompassen",
      host: "www.resekompassen.example",
      logoUrl: null,
      deepLinkTemplate: "a={adults}",
      feedUrl: null,
      landingUrlTemplate: null,
      active: true,
    });
  });

  it("takes an https feed URL on a public host and a landing URL template with {hotel_id} on the partner's host", () => {
    const saved = partnerSchema.parse({
      ...valid,
      feedUrl: " https://feeds.resekompassen.example/prices.xml ",
      landingUrlTemplate: "https://www.resekompassen.example/hotell/{hotel_id}?ref=hg",
    });
    expect(saved).toMatchObject({
      feedUrl: "https://feeds.resekompassen.example/prices.xml",
      landingUrlTemplate: "https://www.resekompassen.example/hotell/{hotel_id}?ref=hg",
    });
  });

  it("refuses a feed URL the server must not fetch, by the field", () => {
    expect(errorsOf({ ...valid, feedUrl: "http://feeds.resekompassen.example/prices.xml" })).toEqual({
      feedUrl: [PARTNER_MESSAGES.feedUrlScheme],
    });
    for (const feedUrl of [
      "https://127.0.0.1/prices.xml",
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.8/p.csv",
      "https://feeds.local/p.csv",
    ])
      expect(errorsOf({ ...valid, feedUrl }), feedUrl).toEqual({ feedUrl: [PARTNER_MESSAGES.feedUrlNotPublic] });
    expect(errorsOf({ ...valid, feedUrl: "feeds.resekompassen.example/prices.xml" })).toEqual({
      feedUrl: [PARTNER_MESSAGES.feedUrlInvalid],
    });
    expect(errorsOf({ ...valid, feedUrl: "https://u:p@feeds.resekompassen.example/" })).toEqual({
      feedUrl: [PARTNER_MESSAGES.feedUrlCredentials],
    });
  });

  it("refuses a landing URL template without {hotel_id}, with another scheme or on another host", () => {
    for (const landingUrlTemplate of [
      "https://www.resekompassen.example/hotell",
      "ftp://www.resekompassen.example/{hotel_id}",
      "{hotel_id}",
    ])
      expect(errorsOf({ ...valid, landingUrlTemplate }), landingUrlTemplate).toEqual({
        landingUrlTemplate: [PARTNER_MESSAGES.landingTemplate],
      });
    expect(errorsOf({ ...valid, landingUrlTemplate: "https://elsewhere.example/{hotel_id}" })).toEqual({
      landingUrlTemplate: [`${PARTNER_MESSAGES.landingTemplateHost} (www.resekompassen.example)`],
    });
  });

  it("reads an unticked checkbox (nothing posted) as inactive, and allows an empty template", () => {
    const { active: _, ...unticked } = valid;
    expect(partnerSchema.parse({ ...unticked, deepLinkTemplate: "" })).toMatchObject({ active: false, deepLinkTemplate: "" });
  });

  it("checks the id as a slug", () => {
    expect(errorsOf({ ...valid, id: "" })).toEqual({ id: [PARTNER_MESSAGES.required] });
    for (const id of ["Resekompassen", "-rese", "rese kompassen", "rese_kompassen", "å", "a".repeat(41)])
      expect(errorsOf({ ...valid, id }).id, id).toBeDefined();
    for (const id of ["a", "9", "rese-kompassen", "a".repeat(40)]) expect(errorsOf({ ...valid, id }), id).toEqual({});
  });

  it("answers each bad field by the field", () => {
    const errors = errorsOf({
      id: "ok",
      name: "  ",
      host: "javascript:alert(1)",
      logoUrl: "javascript:alert(1)",
      deepLinkTemplate: "checkin={start}",
    });
    expect(errors.name).toEqual([PARTNER_MESSAGES.required]);
    expect(errors.host).toEqual([PARTNER_MESSAGES.hostScheme]);
    expect(errors.logoUrl).toEqual([PARTNER_MESSAGES.logo]);
    expect(errors.deepLinkTemplate?.[0]).toContain("Unknown placeholder {start}");
    expect(errors.id).toBeUndefined();
  });

  it("takes an http(s) logo or a path on this site", () => {
    expect(partnerSchema.parse({ ...valid, logoUrl: "/images/logo.svg" }).logoUrl).toBe("/images/logo.svg");
    expect(partnerSchema.parse({ ...valid, logoUrl: "https://cdn.example/logo.png" }).logoUrl).toBe("https://cdn.example/logo.png");
    expect(errorsOf({ ...valid, logoUrl: "//evil.example/logo.png" }).logoUrl).toEqual([PARTNER_MESSAGES.logo]);
  });

  it("reads a missing or repeated field as empty text, never as a crash", () => {
    expect(errorsOf({ active: "on" })).toMatchObject({ id: [PARTNER_MESSAGES.required], name: [PARTNER_MESSAGES.required] });
    expect(errorsOf({ ...valid, name: ["a", "b"] }).name).toEqual([PARTNER_MESSAGES.required]);
  });
});

describe("the deep-link preview", () => {
  it("uses a stay 30 days after today in Sweden, 2 nights, 2 adults, 1 room", () => {
    expect(sampleStay("2026-12-20")).toEqual({ checkIn: "2027-01-19", checkOut: "2027-01-21", adults: 2, rooms: 1 });
  });

  it("fills the template into a sample page on the host", () => {
    const preview = deepLinkPreview(
      "https://www.Nattlogi.example/x",
      "ci={checkin}&co={checkout}&ad={adults}&rm={rooms}&n={nights}",
      "2026-11-24",
    );
    expect(preview).toEqual({
      landingUrl: "https://www.nattlogi.example/hotell/exempelhotellet?ref=hotellguiden",
      link: "https://www.nattlogi.example/hotell/exempelhotellet?ref=hotellguiden&ci=2026-12-24&co=2026-12-26&ad=2&rm=1&n=2",
    });
  });

  it("shows nothing while the host or the template cannot be used", () => {
    expect(deepLinkPreview("", "a={adults}", "2026-11-24")).toBeNull();
    expect(deepLinkPreview("partner.se", "a={bogus}", "2026-11-24")).toBeNull();
    expect(deepLinkPreview("partner.se", "", "2026-11-24")?.link).toBe("https://partner.se/hotell/exempelhotellet?ref=hotellguiden");
  });
});
