import { describe, expect, it } from "vitest";
import { feedHotelValues, parseFeedRow, parseHotelFeedRow, parsePartnerIds, siteFieldsGiven, type FeedHotel } from "./feed-row.ts";
import { normalizeHotel } from "#app/hotels/hotel-record.ts";

// Every hotel has a place: rows that are about something else get this one unless they name theirs.
const PLACE = { country: "Sweden", location: "Visby" };
const placed = (raw: unknown) => (raw !== null && typeof raw === "object" && !Array.isArray(raw) ? { ...PLACE, ...raw } : raw);

function valid(raw: unknown): FeedHotel {
  const result = parseFeedRow(placed(raw));
  if (!result.ok) throw new Error(`expected a valid row, got: ${result.reason}`);
  return result.hotel;
}

function reason(raw: unknown, { place = true } = {}): string {
  const result = parseFeedRow(place ? placed(raw) : raw);
  if (result.ok) throw new Error("expected the row to be rejected");
  return result.reason;
}

describe("parseFeedRow: a CSV row (every value is text)", () => {
  const row = {
    hotel_id: " H-1 ",
    name: " Hotel Åre Fjällby ",
    description: "Stugor vid liften",
    rating: "8.6",
    review_count: "120",
    star_rating: "4",
    price_amount: "1290.50",
    price_currency: "sek",
    image_path: "/images/hotels/hotel-01.svg",
    additional_image_paths: "/images/rooms/room-01.svg | https://cdn.example.com/b.jpg",
    amenities: "Free WiFi | Pool; pool ;  Frukost ",
    location: "Åre",
    country: "Sweden",
    latitude: "63.399",
    longitude: "13.0815",
    address: "Torget 1",
    district: " Åre by ",
    affiliate_url: "https://www.booking.com/hotel/se/fjallby.html?aid=1",
    rewritten_text: "",
    has_affiliate_url: "",
    is_description_rewritten: "",
  };

  it("becomes typed, trimmed values with the spec's list rules applied", () => {
    expect(valid(row)).toEqual({
      hotel_id: "H-1",
      name: "Hotel Åre Fjällby",
      description: "Stugor vid liften",
      rating: 8.6,
      review_count: 120,
      star_rating: 4,
      price_amount: 1290.5,
      price_currency: "SEK",
      image_path: "/images/hotels/hotel-01.svg",
      additional_image_paths: ["/images/rooms/room-01.svg", "https://cdn.example.com/b.jpg"],
      amenities: ["Free WiFi", "Pool", "Frukost"],
      location: "Åre",
      country: "Sweden",
      latitude: 63.399,
      longitude: 13.0815,
      address: "Torget 1",
      district: "Åre by",
      affiliate_url: "https://www.booking.com/hotel/se/fjallby.html?aid=1",
      rewritten_text: undefined,
      has_affiliate_url: undefined,
      is_description_rewritten: undefined,
    });
  });

  it("refuses a district longer than the table keeps, and clears it when blank", () => {
    expect(parseFeedRow({ ...row, district: "x".repeat(101) })).toEqual({ ok: false, reason: expect.stringContaining("district") });
    expect(valid({ ...row, district: "  " }).district).toBeNull();
  });

  it("reads list cells written as JSON text", () => {
    const hotel = valid({
      hotel_id: "1",
      amenities: '[{"label":"Gym","icon":"gym"},"Bar"]',
      additional_image_paths: '{"1":"/a.svg","count":2}',
    });
    expect(hotel.amenities).toEqual(["Gym", "Bar"]);
    expect(hotel.additional_image_paths).toEqual(["/a.svg"]);
  });

  it("turns empty cells into no value, and 0 stars into unrated", () => {
    const hotel = valid({ hotel_id: "1", name: "  ", rating: "", star_rating: "0", amenities: "", additional_image_paths: " " });
    expect(hotel).toMatchObject({ name: null, rating: null, star_rating: null, amenities: null, additional_image_paths: null });
  });
});

describe("parseFeedRow: a JSON row", () => {
  it("accepts a numeric hotel_id and every raw shape of the spec", () => {
    const hotel = valid({
      hotel_id: 4711,
      rating: 9,
      amenities: { "Free parking": true, "  free parking ": true },
      additional_image_paths: ["/a.svg", 7, null, " https://cdn.example.com/c.png "],
      has_affiliate_url: false,
      is_description_rewritten: 1,
    });
    expect(hotel.hotel_id).toBe("4711");
    expect(hotel.amenities).toEqual(["Free parking"]);
    expect(hotel.additional_image_paths).toEqual(["/a.svg", "https://cdn.example.com/c.png"]);
    expect(hotel.has_affiliate_url).toBe(false);
    expect(hotel.is_description_rewritten).toBe(true);
  });

  it("stores values that the loaders normalise to the same hotel as the raw row", () => {
    const raw = {
      hotel_id: "HG-9",
      name: " Grand Hotel ",
      rating: 8.4,
      star_rating: 5,
      price_amount: 2100,
      price_currency: "sek",
      amenities: [{ label: "Spa" }, "WIFI", "wifi "],
      additional_image_paths: { a: "/x.svg", b: 3 },
      location: "Stockholm",
      country: "Sweden",
      affiliate_url: "https://www.booking.com/x",
    };
    const stored = feedHotelValues(valid(raw));
    const fromFeed = normalizeHotel({ ...raw, has_affiliate_url: true });
    expect(normalizeHotel({ ...stored, id: fromFeed.id })).toEqual(fromFeed);
  });
});

describe("parseFeedRow: rejected rows", () => {
  it.each([
    [{}, "hotel_id is required (text or a number)"],
    [{ hotel_id: "   " }, "hotel_id is required (text or a number)"],
    [{ hotel_id: "a\u0000b" }, "hotel_id must not contain control characters"],
    [{ hotel_id: "1", rating: "10.5" }, "rating must be a number from 0 to 10 (got 10.5)"],
    [
      { hotel_id: "1", rating: "bra" },
      'rating must be a number from 0 to 10, written as plain decimal digits such as 1290.50 or 1290,50 (got "bra")',
    ],
    [{ hotel_id: "1", star_rating: "3.5" }, "star_rating must be a whole number from 0 to 5 (got 3.5)"],
    [{ hotel_id: "1", star_rating: 6 }, "star_rating must be a whole number from 0 to 5 (got 6)"],
    [{ hotel_id: "1", review_count: "-1" }, "review_count must be a whole number from 0 to 2147483647 (got -1)"],
    [{ hotel_id: "1", price_amount: "-5" }, "price_amount must be a number from 0 to 9999999999 (got -5)"],
    [{ hotel_id: "1", price_currency: "kronor" }, 'price_currency must be a three-letter currency code such as SEK (got "kronor")'],
    [{ hotel_id: "1", latitude: "91", longitude: "10" }, "latitude must be a number from -90 to 90 (got 91)"],
    [{ hotel_id: "1", latitude: "59.3" }, "latitude and longitude must be given together"],
    [{ hotel_id: "1", longitude: "-181", latitude: "0" }, "longitude must be a number from -180 to 180 (got -181)"],
    [{ hotel_id: "1", name: "x".repeat(301) }, "name must be at most 300 characters"],
    [{ hotel_id: "1", has_affiliate_url: "kanske" }, 'has_affiliate_url must be true or false (also 1/0, yes/no) (got "kanske")'],
    [{ hotel_id: "1", amenities: 5 }, "amenities must be a list, an object, JSON text or text separated by | or ; (got 5)"],
    [{ hotel_id: "1", amenities: "[Wifi" }, "amenities must be a list, an object, JSON text or text separated by | or ;"],
  ])("%j: %s", (raw, expected) => {
    expect(reason(raw)).toContain(expected);
  });

  it.each([["javascript:alert(1)"], ["//evil.example/x.png"], ["images/hotel.jpg"], ["data:image/png;base64,AAAA"]])(
    "refuses the image address %s",
    (address) => {
      expect(reason({ hotel_id: "1", image_path: address })).toContain(
        "image_path must be an http(s) address or a path on this site starting with /",
      );
      expect(reason({ hotel_id: "1", additional_image_paths: ["/ok.svg", address] })).toContain(
        `additional_image_paths must be an http(s) address or a path on this site starting with /: ${JSON.stringify(address)}`,
      );
    },
  );

  it.each([["/hotels/local"], ["ftp://www.booking.com/"], ["https://user:secret@www.booking.com/"], ["www.booking.com/x"]])(
    "refuses the affiliate URL %s (the redirect page would not forward to it)",
    (address) => {
      expect(reason({ hotel_id: "1", affiliate_url: address })).toContain(
        "affiliate_url must be an absolute http(s) address without user name or password",
      );
    },
  );

  it("names every problem of the row in one reason", () => {
    expect(reason({ hotel_id: "1", rating: 11, star_rating: -1, image_path: "ftp://x" })).toBe(
      "rating must be a number from 0 to 10 (got 11); star_rating must be a whole number from 0 to 5 (got -1); " +
        'image_path must be an http(s) address or a path on this site starting with / (got "ftp://x")',
    );
  });

  it.each([
    [{ hotel_id: "1" }, "country is required (the name of a place); location is required (the name of a place)"],
    [{ hotel_id: "1", country: "Sweden", location: "" }, "location is required (the name of a place)"],
    [{ hotel_id: "1", country: "  ", location: "Visby" }, "country is required (the name of a place)"],
    [{ hotel_id: "1", country: ".", location: "Visby" }, 'country must name a place (a word with a letter or digit) (got ".")'],
    [
      { hotel_id: "1", country: "..", location: ".." },
      'country must name a place (a word with a letter or digit) (got ".."); location must name a place',
    ],
    [{ hotel_id: "1", country: "Sweden", location: " - " }, 'location must name a place (a word with a letter or digit) (got "-")'],
    [{ hotel_id: "1", country: "Sweden", location: "/" }, 'location must name a place (a word with a letter or digit) (got "/")'],
  ])("%j has no place: %s", (raw, expected) => {
    expect(reason(raw, { place: false })).toContain(expected);
  });

  it("takes a place in any script", () => {
    expect(valid({ hotel_id: "1", country: "Japan", location: "東京" })).toMatchObject({ country: "Japan", location: "東京" });
  });

  it.each([[5], ["text"], [null], [[{ hotel_id: "1" }]]])("refuses %j, which is not an object", (raw) => {
    expect(reason(raw)).toBe("the row must be an object of hotel fields");
  });
});

describe("site-managed fields", () => {
  it("are given only when the row has a value for them", () => {
    expect(siteFieldsGiven(valid({ hotel_id: "1", affiliate_url: " ", rewritten_text: "" }))).toEqual([]);
    expect(siteFieldsGiven(valid({ hotel_id: "1", affiliate_url: "https://x.example/", has_affiliate_url: "0" }))).toEqual([
      "affiliate_url",
      "has_affiliate_url",
    ]);
  });

  it("set a new hotel's flags from its data unless the row sets them", () => {
    expect(feedHotelValues(valid({ hotel_id: "1" }))).toMatchObject({
      affiliate_url: null,
      rewritten_text: null,
      has_affiliate_url: false,
      is_description_rewritten: false,
    });
    expect(feedHotelValues(valid({ hotel_id: "1", affiliate_url: "https://x.example/", rewritten_text: "Svensk text" }))).toMatchObject({
      has_affiliate_url: true,
      is_description_rewritten: true,
    });
    expect(feedHotelValues(valid({ hotel_id: "1", affiliate_url: "https://x.example/", has_affiliate_url: "no" })).has_affiliate_url).toBe(
      false,
    );
  });

  it("count a hotel as rewritten exactly when it has a rewritten text, whatever the row's flag says", () => {
    expect(feedHotelValues(valid({ hotel_id: "1", is_description_rewritten: "yes" })).is_description_rewritten).toBe(false);
    expect(
      feedHotelValues(valid({ hotel_id: "1", rewritten_text: "Svensk text", is_description_rewritten: "no" })).is_description_rewritten,
    ).toBe(true);
    expect(siteFieldsGiven(valid({ hotel_id: "1", is_description_rewritten: "yes" }))).toEqual([]);
    expect(siteFieldsGiven(valid({ hotel_id: "1", rewritten_text: "Svensk text" }))).toEqual([
      "rewritten_text",
      "is_description_rewritten",
    ]);
  });
});

describe("partner_ids: our hotel's id at each partner", () => {
  it("reads booking:1001;expedia:55, trimmed, keys lower-cased, a trailing ; allowed", () => {
    expect(parsePartnerIds(" Booking : 1001 ; expedia:55;")).toEqual({
      ok: true,
      pairs: [
        { partnerId: "booking", partnerHotelId: "1001" },
        { partnerId: "expedia", partnerHotelId: "55" },
      ],
    });
    expect(parsePartnerIds("hotels-com:ab.C_d-9")).toEqual({ ok: true, pairs: [{ partnerId: "hotels-com", partnerHotelId: "ab.C_d-9" }] });
  });

  it("reads a JSON object of ids, numbers included", () => {
    expect(parsePartnerIds({ booking: 1001, expedia: "55" })).toEqual({
      ok: true,
      pairs: [
        { partnerId: "booking", partnerHotelId: "1001" },
        { partnerId: "expedia", partnerHotelId: "55" },
      ],
    });
  });

  it("reads blank or null as the empty set (the hotel's ids are cleared)", () => {
    expect(parsePartnerIds("")).toEqual({ ok: true, pairs: [] });
    expect(parsePartnerIds("  ")).toEqual({ ok: true, pairs: [] });
    expect(parsePartnerIds(null)).toEqual({ ok: true, pairs: [] });
    expect(parsePartnerIds(";")).toEqual({ ok: true, pairs: [] });
  });

  it("refuses a bad pair, saying which and why", () => {
    const refused = (value: unknown) => {
      const result = parsePartnerIds(value);
      if (result.ok) throw new Error("expected a refusal");
      return result.reason;
    };
    expect(refused("booking1001")).toBe(
      'has "booking1001" without a colon: write partner:id pairs separated by ; such as booking:1001;expedia:55',
    );
    expect(refused("booking:")).toBe('gives booking the id "": an id is 1–64 letters, digits, dots, underscores or hyphens');
    expect(refused("booking:10 01")).toBe('gives booking the id "10 01": an id is 1–64 letters, digits, dots, underscores or hyphens');
    expect(refused(`booking:${"1".repeat(65)}`)).toContain("an id is 1–64");
    expect(refused("booking:1:2")).toContain('gives booking the id "1:2"');
    expect(refused(":1001")).toBe('has the partner key "", which is not a partner id (lower-case letters, digits and hyphens)');
    expect(refused("book_ing:1")).toContain('partner key "book_ing"');
    expect(refused("booking:1;Booking:2")).toBe("names the partner booking twice");
    expect(refused(["booking:1"])).toBe("must be text: write partner:id pairs separated by ; such as booking:1001;expedia:55");
    expect(refused({ booking: { id: 1 } })).toContain("gives booking the id");
  });
});

describe("parseHotelFeedRow", () => {
  it("reads a whole hotel with its partner ids; without the column they are undefined (left as stored)", () => {
    const row = parseHotelFeedRow({ ...PLACE, hotel_id: "H-1", name: "Ett", partner_ids: "booking:1001" });
    expect(row).toMatchObject({
      ok: true,
      value: { kind: "hotel", hotel: { hotel_id: "H-1", partner_ids: [{ partnerId: "booking", partnerHotelId: "1001" }] } },
    });
    const without = parseHotelFeedRow({ ...PLACE, hotel_id: "H-1", name: "Ett" });
    expect(without.ok && without.value.kind === "hotel" && without.value.hotel.partner_ids).toBeUndefined();
    const cleared = parseHotelFeedRow({ ...PLACE, hotel_id: "H-1", name: "Ett", partner_ids: "" });
    expect(cleared.ok && cleared.value.kind === "hotel" && cleared.value.hotel.partner_ids).toEqual([]);
    // Not a hotels column: never among the values upserted.
    expect(feedHotelValues(valid({ hotel_id: "H-1", partner_ids: "booking:1" }))).not.toHaveProperty("partner_ids");
  });

  it("reads a row of hotel_id and partner_ids alone as partner ids only: no place needed, nothing else read", () => {
    expect(parseHotelFeedRow({ hotel_id: " H-1 ", partner_ids: "booking:1001;expedia:55" })).toEqual({
      ok: true,
      value: {
        kind: "partner-ids",
        row: {
          hotel_id: "H-1",
          partner_ids: [
            { partnerId: "booking", partnerHotelId: "1001" },
            { partnerId: "expedia", partnerHotelId: "55" },
          ],
        },
      },
    });
    // The spec's `id` and fields the importer does not know do not make it a whole hotel.
    expect(parseHotelFeedRow({ hotel_id: "H-1", id: "7", source: "x", partner_ids: "" })).toMatchObject({
      ok: true,
      value: { kind: "partner-ids", row: { partner_ids: [] } },
    });
    // Any hotel field does: then the row is a whole hotel, and needs its place.
    expect(parseHotelFeedRow({ hotel_id: "H-1", name: "Ett", partner_ids: "booking:1" })).toEqual({
      ok: false,
      reason: "country is required (the name of a place); location is required (the name of a place)",
    });
  });

  it("rejects a bad partner_ids with the field's name and the reason", () => {
    expect(parseHotelFeedRow({ hotel_id: "H-1", partner_ids: "booking=1001" })).toEqual({
      ok: false,
      reason: 'partner_ids has "booking=1001" without a colon: write partner:id pairs separated by ; such as booking:1001;expedia:55',
    });
    expect(parseHotelFeedRow({ ...PLACE, hotel_id: "H-1", partner_ids: "booking:1;booking:2" })).toEqual({
      ok: false,
      reason: "partner_ids names the partner booking twice",
    });
    expect(parseHotelFeedRow({ hotel_id: "", partner_ids: "booking:1" })).toEqual({
      ok: false,
      reason: 'hotel_id is required (text or a number) (got "")',
    });
  });
});
