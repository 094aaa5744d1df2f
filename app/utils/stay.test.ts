import { describe, expect, it } from "vitest";
import {
  addDays,
  datesLabel,
  isChosenStay,
  NO_STAY,
  nightsOf,
  readStay,
  stayLabel,
  stayTotal,
  todayInSweden,
  withStay,
} from "#app/utils/stay.ts";

const TODAY = "2026-11-24";
const read = (query: string) => readStay(new URLSearchParams(query), TODAY);

describe("readStay", () => {
  it("reads dates and guests", () => {
    expect(read("incheckning=2026-12-04&utcheckning=2026-12-07&vuxna=3&rum=2")).toEqual({
      stay: { checkIn: "2026-12-04", checkOut: "2026-12-07", adults: 3, rooms: 2 },
      notes: [],
    });
    expect(read("")).toEqual({ stay: NO_STAY, notes: [] });
  });

  it.each([
    ["incheckning=2026-11-20&utcheckning=2026-11-22", "Incheckningen 2026-11-20 har redan varit"],
    ["incheckning=2026-12-07&utcheckning=2026-12-04", "Utcheckningen måste vara efter incheckningen"],
    ["incheckning=2026-12-04&utcheckning=2026-12-04", "Utcheckningen måste vara efter incheckningen"],
    ["incheckning=2026-12-01&utcheckning=2027-01-15", "högst 30 nätter"],
    ["incheckning=2026-02-30&utcheckning=2026-03-02", "Datumet ”2026-02-30” finns inte"],
    ["incheckning=imorgon&utcheckning=2026-12-02", "Datumet ”imorgon” finns inte"],
    ["incheckning=2026-12-01", "Välj både incheckning och utcheckning"],
    ["incheckning=2029-01-01&utcheckning=2029-01-03", "Så långt fram går det inte att boka än"],
  ])("leaves the dates of %s out with a note", (query, note) => {
    const { stay, notes } = read(query);
    expect([stay.checkIn, stay.checkOut]).toEqual([null, null]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(note);
  });

  it("takes today as check-in and 30 nights, not more", () => {
    expect(read("incheckning=2026-11-24&utcheckning=2026-12-24").stay.checkIn).toBe("2026-11-24");
  });

  it("falls back to the default guests with a note, and gives each room an adult", () => {
    expect(read("vuxna=0&rum=12")).toEqual({
      stay: NO_STAY,
      notes: ["Antalet vuxna måste vara 1–30, så vi räknar med 2 vuxna.", "Antalet rum måste vara 1–9, så vi räknar med 1 rum."],
    });
    expect(read("vuxna=2.5").notes).toHaveLength(1);
    expect(read("vuxna=1&rum=3")).toEqual({
      stay: { ...NO_STAY, adults: 1, rooms: 1 },
      notes: ["Varje rum behöver minst en vuxen, så vi räknar med 1 rum."],
    });
  });

  it("shows no more than a short piece of an odd value", () => {
    const { notes } = read(`incheckning=${"x".repeat(5000)}%00&utcheckning=2026-12-02`);
    expect(notes[0]!.length).toBeLessThan(150);
    expect(notes[0]).not.toContain("\u0000");
  });
});

describe("the stay's numbers and words", () => {
  const stay = { checkIn: "2026-12-04", checkOut: "2026-12-07", adults: 2, rooms: 2 };
  it("counts nights and prices every night of every room", () => {
    expect(nightsOf(stay)).toBe(3);
    expect(stayTotal(1000, stay)).toBe(6000);
    expect(stayTotal(1000, NO_STAY)).toBeNull();
    expect(stayLabel(stay)).toBe("4–7 december, 3 nätter, 2 vuxna, 2 rum");
    expect(stayLabel({ ...NO_STAY, adults: 1 })).toBe("1 vuxen, 1 rum");
  });
  it("writes the dates as a Swede does: the month once within a month, each month across two, the years across two", () => {
    expect(datesLabel({ ...stay, checkIn: "2027-03-12", checkOut: "2027-03-15" })).toBe("12–15 mars");
    expect(datesLabel({ ...stay, checkIn: "2027-03-30", checkOut: "2027-04-02" })).toBe("30 mars–2 april");
    expect(datesLabel({ ...stay, checkIn: "2026-12-30", checkOut: "2027-01-02" })).toBe("30 december 2026–2 januari 2027");
  });
  it("knows a chosen stay from the defaults", () => {
    expect(isChosenStay(NO_STAY)).toBe(false);
    expect(isChosenStay({ ...NO_STAY, adults: 3 })).toBe(true);
    expect(isChosenStay(stay)).toBe(true);
  });
  it("adds days across months and years, and knows today in Sweden", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    // 23:30 UTC on 31 December is already 1 January in Stockholm.
    expect(todayInSweden(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });
});

describe("withStay", () => {
  const stay = { checkIn: "2026-12-04", checkOut: "2026-12-07", adults: 3, rooms: 1 };
  it("adds the stay to a link, replacing any it had, and keeps the hash last", () => {
    expect(withStay("/Sweden/Gothenburg", stay)).toBe("/Sweden/Gothenburg?incheckning=2026-12-04&utcheckning=2026-12-07&vuxna=3");
    expect(withStay("/hotels?search=spa&vuxna=5#karta", stay)).toBe(
      "/hotels?search=spa&incheckning=2026-12-04&utcheckning=2026-12-07&vuxna=3#karta",
    );
  });
  it("takes the stay away with NO_STAY", () => {
    expect(withStay("/hotels?search=spa&incheckning=2026-12-04&utcheckning=2026-12-07&vuxna=3&rum=2", NO_STAY)).toBe("/hotels?search=spa");
    expect(withStay("/Sweden", NO_STAY)).toBe("/Sweden");
  });
});
