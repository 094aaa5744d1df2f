import { describe, expect, it } from "vitest";
import { partnerClicksCsv, partnerClicksFileName, readClickPeriod } from "./partner-clicks.ts";

describe("readClickPeriod", () => {
  it("takes 7, 30 or 90 days, anything else is 30", () => {
    expect(readClickPeriod("7")).toBe(7);
    expect(readClickPeriod("90")).toBe(90);
    for (const value of [null, "", "14", "30.0", " 7", "abc"]) expect(readClickPeriod(value)).toBe(30);
  });
});

describe("partnerClicksCsv", () => {
  const clicks = {
    days: ["2026-11-23", "2026-11-24"],
    partners: [
      { id: "hotellfynd", name: "Hotellfynd", perDay: [0, 3], total: 3 },
      { id: "resekompassen", name: "Resekompassen", perDay: [2, 0], total: 2 },
    ],
  };

  it("is one row per day and partner, zeros included, with CRLF line ends", () => {
    expect(partnerClicksCsv(clicks)).toBe(
      "day,partner,clicks\r\n2026-11-23,hotellfynd,0\r\n2026-11-23,resekompassen,2\r\n2026-11-24,hotellfynd,3\r\n2026-11-24,resekompassen,0\r\n",
    );
    expect(partnerClicksFileName(clicks)).toBe("partner-clicks-2-days-2026-11-24.csv");
  });

  it("has only the header without partners", () => {
    expect(partnerClicksCsv({ days: ["2026-11-24"], partners: [] })).toBe("day,partner,clicks\r\n");
  });
});
