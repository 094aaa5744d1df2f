import { describe, expect, it } from "vitest";
import { missingText } from "./booking-box.tsx";

const stay = { checkIn: "2026-12-20", checkOut: "2026-12-22", adults: 2, rooms: 1 };

describe("the booking box's reason for showing no price", () => {
  it("says no rooms only when every partner answered, and where it knows while one has not", () => {
    expect(missingText(stay, { offers: [], unmet: [], soldOut: ["Nattlogi"] }, false)).toBe("Inga lediga rum för dina datum");
    expect(missingText(stay, { offers: [], unmet: [], soldOut: ["Nattlogi"], late: ["booking"] }, false)).toBe(
      "Inga lediga rum hos sajterna som svarade",
    );
    expect(missingText(stay, { offers: ["an offer"], unmet: [], soldOut: [], late: ["booking"] }, false)).toBeNull();
  });
});
