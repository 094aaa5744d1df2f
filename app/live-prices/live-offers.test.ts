import { describe, expect, it } from "vitest";
import type { PriceOffer } from "#app/prices/price-offer.ts";
import type { LiveQuote } from "./connector.ts";
import { lateNote, listPriceOf, liveOffer, mergeLiveOffers, quoteConditions, withLiveListPart, type PartnerLive } from "./live-offers.ts";

const rates = { date: "2026-11-27", perEur: new Map([["SEK", 11]]) };
const booking = { partnerId: "booking", partnerName: "Booking.com", partnerHost: "www.booking.com", partnerLogo: null };

function stored(partnerId: string, totalSek: number, fields: Partial<PriceOffer> = {}): PriceOffer {
  return {
    partnerId,
    partnerName: partnerId,
    partnerHost: `${partnerId}.example`,
    partnerLogo: null,
    kind: "stay",
    source: "itinerary",
    currency: "SEK",
    base: totalSek,
    tax: 0,
    fees: 0,
    total: totalSek,
    totalSek,
    nights: 2,
    conditions: 0,
    breakfastIncluded: false,
    refundable: false,
    freeCancellationUntil: null,
    payAtHotel: false,
    roomName: null,
    landingUrl: `https://${partnerId}.example/`,
    confirmedAt: "2026-11-27T10:00:00.000Z",
    ...fields,
  };
}

function quote(hotelId: string, total: number, fields: Partial<LiveQuote> = {}): LiveQuote {
  return {
    hotelId,
    partnerHotelId: `b-${hotelId}`,
    currency: "EUR",
    base: total - 10,
    tax: 10,
    fees: null,
    total,
    payAtPropertyCharges: null,
    breakfastIncluded: false,
    refundable: false,
    freeCancellationUntil: null,
    payAtHotel: false,
    roomName: "Double Room",
    landingUrl: `https://www.booking.com/hotel/${hotelId}.html?aid=123`,
    ...fields,
  };
}

const live = (outcome: PartnerLive["outcome"], answers: PartnerLive["answers"], asked = answers.map((a) => a.hotelId)): PartnerLive => ({
  ...booking,
  outcome,
  asked,
  answers,
});
const fetchedAt = "2026-11-28T20:00:00.000Z";

describe("live offers", () => {
  it("turns a quote into a live stay offer in SEK at the stored rates, with its conditions and when it was fetched", () => {
    const offer = liveOffer(
      quote("h1", 200, { breakfastIncluded: true, refundable: true, freeCancellationUntil: "2027-03-01T12:00:00Z" }),
      booking,
      2,
      rates,
      fetchedAt,
    );
    expect(offer).toMatchObject({
      partnerId: "booking",
      source: "live",
      kind: "stay",
      currency: "EUR",
      total: 200,
      totalSek: 2200,
      nights: 2,
      conditions: 3,
      freeCancellationUntil: "2027-03-01T12:00:00Z",
      confirmedAt: fetchedAt,
    });
    // No rates for the currency: not compared, as stored prices.
    expect(liveOffer(quote("h1", 200, { currency: "USD" }), booking, 2, rates, fetchedAt).totalSek).toBeNull();
    expect(liveOffer(quote("h1", 2000, { currency: "SEK" }), booking, 2, null, fetchedAt).totalSek).toBe(2000);
    expect(quoteConditions({ breakfastIncluded: false, refundable: false, payAtHotel: true })).toBe(4);
  });

  it("replaces an answering partner's stored prices for the hotels it answered for, and keeps the others'", () => {
    const merged = mergeLiveOffers(
      new Map([
        ["h1", [stored("booking", 3000), stored("testresor", 2500)]],
        ["h2", [stored("booking", 1800)]],
      ]),
      [live("answered", [{ hotelId: "h1", quotes: [quote("h1", 200), quote("h1", 180)], fetchedAt }])],
      { nights: 2, rates },
    );
    expect(merged.offers.get("h1")!.map((offer) => [offer.partnerId, offer.totalSek, offer.source])).toEqual([
      ["booking", 1980, "live"],
      ["testresor", 2500, "itinerary"],
    ]);
    // Not asked about h2 (no id there): its stored price stays.
    expect(merged.offers.get("h2")!.map((offer) => offer.source)).toEqual(["itinerary"]);
    expect(merged.late).toEqual([]);
  });

  it("counts an empty answer as no rooms at that partner", () => {
    const merged = mergeLiveOffers(
      new Map([["h1", [stored("booking", 3000), stored("testresor", 2500)]]]),
      [live("answered", [{ hotelId: "h1", quotes: [], fetchedAt }])],
      { nights: 2, rates },
    );
    expect(merged.offers.get("h1")!.map((offer) => offer.partnerId)).toEqual(["testresor"]);
    expect(merged.unavailable.get("h1")).toEqual(["Booking.com"]);
    const alone = mergeLiveOffers(
      new Map([["h1", [stored("booking", 3000)]]]),
      [live("answered", [{ hotelId: "h1", quotes: [], fetchedAt }])],
      {
        nights: 2,
        rates,
      },
    );
    expect(alone.offers.has("h1")).toBe(false);
  });

  it("keeps a late or failed partner's stored prices and names it", () => {
    for (const outcome of ["late", "failed", "breaker-open"] as const) {
      const merged = mergeLiveOffers(new Map([["h1", [stored("booking", 3000)]]]), [live(outcome, [], ["h1"])], { nights: 2, rates });
      expect(merged.offers.get("h1")!.map((offer) => offer.source)).toEqual(["itinerary"]);
      expect(merged.late.map((partner) => lateNote(partner.partnerName))).toEqual(["Booking.com svarade inte i tid"]);
    }
  });

  it("uses what came back from the shared cache even when the rest was late", () => {
    const merged = mergeLiveOffers(
      new Map([["h2", [stored("booking", 3000)]]]),
      [live("late", [{ hotelId: "h1", quotes: [quote("h1", 100)], fetchedAt }], ["h1", "h2"])],
      { nights: 2, rates },
    );
    expect(merged.offers.get("h1")![0]!.source).toBe("live");
    expect(merged.offers.get("h2")![0]!.source).toBe("itinerary");
    expect(merged.late).toHaveLength(1);
  });

  it("keeps only offers meeting the wanted conditions, each partner's cheapest", () => {
    const merged = mergeLiveOffers(
      new Map([["h1", [stored("testresor", 2500, { conditions: 1, breakfastIncluded: true })]]]),
      [live("answered", [{ hotelId: "h1", quotes: [quote("h1", 100), quote("h1", 150, { breakfastIncluded: true })], fetchedAt }])],
      { nights: 2, rates, wanted: 1 },
    );
    expect(merged.offers.get("h1")!.map((offer) => [offer.partnerId, offer.totalSek])).toEqual([
      ["booking", 1650],
      ["testresor", 2500],
    ]);
  });

  it("prices a list card from merged offers and applies a live part to the cards", () => {
    expect(listPriceOf([stored("a", 900), stored("b", 700)], 2)).toEqual({ kind: "stay", amountSek: 700, nights: 2, partners: 2 });
    expect(listPriceOf([], 2)).toBeNull();
    const cards = [
      { id: "h1", price: null, soldOut: false },
      { id: "h2", price: { kind: "stay" as const, amountSek: 5, nights: 2, partners: 1 }, soldOut: false },
    ];
    const applied = withLiveListPart(cards, { prices: { h1: { price: null, soldOut: true } }, late: [] });
    expect(applied).toEqual([{ id: "h1", price: null, soldOut: true }, cards[1]]);
  });
});
