import { describe, expect, it } from "vitest";
import { NO_STAY, type Stay } from "#app/utils/stay.ts";
import {
  addMonths,
  bookableRange,
  calendarEntries,
  cheapestDates,
  dayLabel,
  defaultNights,
  monthLabel,
  monthWeeks,
  readCalendar,
  withCalendar,
} from "./calendar-month.ts";

const today = "2026-11-28";
const read = (query: string, stay: Stay = NO_STAY) => readCalendar(new URLSearchParams(query), stay, today);
const threeNights: Stay = { checkIn: "2027-02-10", checkOut: "2027-02-13", adults: 2, rooms: 1 };

describe("the month grid", () => {
  it("lays a month out in weeks of seven days, Monday first", () => {
    // 1 December 2026 is a Tuesday; 31 December a Thursday.
    const weeks = monthWeeks("2026-12");
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"]);
    expect(weeks[4]).toEqual(["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", null, null, null]);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it("starts a month that begins on a Monday in the first column and knows leap years", () => {
    // 1 February 2027 is a Monday; February 2028 has 29 days.
    expect(monthWeeks("2027-02")[0]![0]).toBe("2027-02-01");
    expect(monthWeeks("2027-02").flat().filter(Boolean)).toHaveLength(28);
    expect(monthWeeks("2028-02").flat().filter(Boolean)).toHaveLength(29);
  });

  it("prices only check-ins from today on", () => {
    expect(bookableRange("2026-11", today)).toEqual({ first: "2026-11-28", days: 3 });
    expect(bookableRange("2026-12", today)).toEqual({ first: "2026-12-01", days: 31 });
    expect(bookableRange("2026-10", today)).toBeNull();
  });

  it("names months and days in Swedish", () => {
    expect(monthLabel("2026-12")).toBe("december 2026");
    expect(dayLabel("2026-12-07")).toBe("måndag 7 december");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2027-01", -1)).toBe("2026-12");
  });
});

describe("the calendar's address", () => {
  it("is absent without kalender", () => {
    expect(read("incheckning=2026-12-01")).toBeNull();
  });

  it("reads the month and the length", () => {
    expect(read("kalender=2027-03&natter=5")).toEqual({ choice: { month: "2027-03", nights: 5 }, notes: [] });
  });

  it("takes the length from the visitor's stay, else two nights", () => {
    expect(read("kalender=2027-03", threeNights)!.choice.nights).toBe(3);
    expect(read("kalender=2027-03")!.choice.nights).toBe(2);
    expect(defaultNights({ checkIn: "2027-02-01", checkOut: "2027-02-21", adults: 2, rooms: 1 })).toBe(2);
  });

  it("shows the stay's month (or this month) when none is given", () => {
    expect(read("kalender=", threeNights)!.choice.month).toBe("2027-02");
    expect(read("kalender=")!.choice.month).toBe("2026-11");
  });

  it("sets aside a month that is no month, is past or is too far ahead, saying so", () => {
    expect(read("kalender=2026-13")).toEqual({
      choice: { month: "2026-11", nights: 2 },
      notes: ["Månaden ”2026-13” finns inte (skriv den som ÅÅÅÅ-MM), så vi visar november 2026."],
    });
    expect(read("kalender=<script>")!.notes[0]).toContain("”<script>”");
    expect(read("kalender=2026-10")!.notes).toEqual(["Oktober 2026 har redan varit, så vi visar november 2026."]);
    expect(read("kalender=2027-10")!.choice.month).toBe("2027-10");
    expect(read("kalender=2027-11")!.notes).toEqual(["Så långt fram visar kalendern inga priser än, så vi visar november 2026."]);
  });

  it("sets aside a length outside 1–14 nights", () => {
    for (const nights of ["0", "15", "2.5", "två"]) {
      expect(read(`kalender=2027-01&natter=${nights}`)).toEqual({
        choice: { month: "2027-01", nights: 2 },
        notes: ["Antalet nätter måste vara 1–14, så vi räknar med 2 nätter."],
      });
    }
  });

  it("writes the length only when it is not the stay's own", () => {
    expect(calendarEntries({ month: "2027-02", nights: 3 }, threeNights)).toEqual([["kalender", "2027-02"]]);
    expect(calendarEntries({ month: "2027-02", nights: 4 }, threeNights)).toEqual([
      ["kalender", "2027-02"],
      ["natter", "4"],
    ]);
    expect(withCalendar("/Sweden/Gothenburg?vuxna=3&kalender=2027-01&natter=4#priser", [["kalender", "2027-02"]])).toBe(
      "/Sweden/Gothenburg?vuxna=3&kalender=2027-02",
    );
    expect(withCalendar("/Sweden/Gothenburg?kalender=2027-01", [])).toBe("/Sweden/Gothenburg");
  });
});

describe("the cheapest dates", () => {
  it("marks every date that shares the month's lowest total", () => {
    const prices = new Map([
      ["2026-12-01", 1650],
      ["2026-12-02", 1390],
      ["2026-12-03", 1390.5],
      ["2026-12-04", 1390],
    ]);
    expect([...cheapestDates(prices)]).toEqual(["2026-12-02", "2026-12-04"]);
  });

  it("marks none without prices", () => {
    expect(cheapestDates(new Map()).size).toBe(0);
  });
});
