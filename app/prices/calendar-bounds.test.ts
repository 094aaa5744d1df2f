import { describe, expect, it } from "vitest";
import { cheapestByBounds, stayBounds, type HotelFloors } from "./calendar-bounds.ts";

// December 2026: the 1st is a Tuesday (weekday index 1).
const week = (weekday: number, weekend: number | null = weekday) => [weekday, weekday, weekday, weekday, weekend, weekend, weekday];
const floors = (byMonth: Record<string, Array<number | null>>): HotelFloors => new Map(Object.entries(byMonth));

describe("a hotel's bound per check-in", () => {
  it("sums the floors of the stay's nights by month and weekday", () => {
    const byHotel = stayBounds(new Map([["a", floors({ "2026-12": week(1000, 1500), "2027-01": week(2000) })]]), "2026-12-01", 31, 2);
    const bound = byHotel.get("a")!;
    expect(bound[0]).toBe(2000); // Tuesday and Wednesday
    expect(bound[2]).toBe(2500); // Thursday and Friday
    expect(bound[3]).toBe(3000); // Friday and Saturday
    expect(bound[30]).toBe(3000); // 31 December and 1 January
  });

  it("is infinite where a night has no floor (the hotel cannot sell that stay)", () => {
    const byHotel = stayBounds(new Map([["a", floors({ "2026-12": [1000, null, 1000, 1000, 1000, 1000, 1000] })]]), "2026-12-01", 31, 3);
    expect(byHotel.get("a")![0]).toBe(Number.POSITIVE_INFINITY); // Tuesday, then Wednesday: no floor
    expect(byHotel.get("a")![2]).toBe(3000);
    expect(byHotel.get("a")![29]).toBe(Number.POSITIVE_INFINITY); // into January: no floors
  });
});

describe("the cheapest total per check-in by bounds", () => {
  const bounds = (byHotel: Record<string, number[]>) => new Map(Object.entries(byHotel));

  it("prices the lowest bounds first and stops once no other hotel can be cheaper", async () => {
    const exact: Record<string, number[]> = {};
    const byHotel: Record<string, number[]> = {};
    for (let hotel = 0; hotel < 50; hotel++) {
      byHotel[`h${hotel}`] = [1000 + hotel * 10, 1000 + hotel * 10];
      exact[`h${hotel}`] = [1000 + hotel * 10, 1000 + hotel * 10 + 5];
    }
    const asked: string[][] = [];
    const best = await cheapestByBounds(
      bounds(byHotel),
      2,
      async (ids) => {
        asked.push(ids);
        return new Map([0, 1].map((day) => [day, Math.min(...ids.map((id) => exact[id]![day]!))]));
      },
      { batch: 2 },
    );
    expect(best).toEqual(
      new Map([
        [0, 1000],
        [1, 1005],
      ]),
    );
    expect(asked).toEqual([["h0", "h1"]]);
  });

  it("reads further when the lowest bounds cannot sell the stay, and leaves a check-in nobody sells absent", async () => {
    const byHotel: Record<string, number[]> = {
      cheap: [100, 100],
      dear: [900, Number.POSITIVE_INFINITY],
      dearer: [950, Number.POSITIVE_INFINITY],
    };
    // The cheap hotel's floors come from a plan for another party: it sells nothing for this one.
    const exact: Record<string, Array<number | undefined>> = {
      cheap: [undefined, undefined],
      dear: [1200, undefined],
      dearer: [950, undefined],
    };
    const best = await cheapestByBounds(
      bounds(byHotel),
      2,
      async (ids) => {
        const totals = new Map<number, number>();
        for (const id of ids)
          exact[id]!.forEach((total, day) => {
            if (total !== undefined && total < (totals.get(day) ?? Infinity)) totals.set(day, total);
          });
        return totals;
      },
      { batch: 1 },
    );
    expect(best).toEqual(new Map([[0, 950]]));
  });

  it("treats a total equal to the next bound as settled, and one an öre above as not", async () => {
    const asked: string[][] = [];
    const price = async (ids: string[]) => {
      asked.push(ids);
      return new Map([[0, ids.includes("a") ? 1000.01 : 999]]);
    };
    await cheapestByBounds(bounds({ a: [1000], b: [1000.004] }), 1, price, { batch: 1 });
    expect(asked).toEqual([["a"], ["b"]]);
    asked.length = 0;
    await cheapestByBounds(bounds({ a: [1000], b: [1000.01] }), 1, price, { batch: 1 });
    expect(asked).toEqual([["a"]]);
  });

  it("starts from the hotels already priced, and prices only what they leave unsettled", async () => {
    const asked: string[][] = [];
    const price = async (ids: string[]) => {
      asked.push(ids);
      return new Map([[1, 1100]]);
    };
    const best = await cheapestByBounds(bounds({ a: [1000, 1000], b: [1000, 1050], c: [1200, 1300] }), 2, price, {
      batch: 1,
      already: {
        hotelIds: ["a"],
        totals: new Map([
          [0, 1000],
          [1, 1200],
        ]),
      },
    });
    // The first check-in is settled by a's total; the second waits for b, whose bound is lower.
    expect(asked).toEqual([["b"]]);
    expect(best).toEqual(
      new Map([
        [0, 1000],
        [1, 1100],
      ]),
    );
  });
});
