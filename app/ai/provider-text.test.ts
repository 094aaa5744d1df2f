import { describe, expect, it } from "vitest";
import { hotelNamesIn, isSafeProviderText, providerTextProblems, statesAnAmount, withoutContactDetails } from "./provider-text.ts";

const KNOWN = ["Hotel Diplomat", "Clarion Hotel Post", "Scandic Rubinen"];

describe("providerTextProblems", () => {
  it.each([
    ["Boka på https://evil-booking.com/sv/deal nu.", "url"],
    ["Besök www.x.se för mer.", "url"],
    ["Gå till evil-booking.com idag.", "url"],
    ["Läs mer på Evil-Booking.COM.", "url"],
    ["Se hxxps://phish.example/boka", "url"],
    ["Boka på evil[.]com eller evil (dot) se", "url"],
    ["Adressen är xn--bcher-kva.example.", "url"],
    ["Bästa pris på xn--hotll-fsa.xn--p1ai", "url"],
    ["Skriv till bokning@evil-booking.com så fixar vi det.", "email"],
    ["Mejla bokning [at] evil-booking [dot] com", "email"],
    ["Ring +46 8 123 45 67 för rabatt.", "phone"],
    ["Ring 08-123 45 67.", "phone"],
    ["Ring 070-123 45 67 dygnet runt.", "phone"],
    ["Ring +46 (0)8 123 45 67.", "phone"],
    ["Call +1 212 555 0100.", "phone"],
    ["Ring 0046 8 1234567.", "phone"],
    ["Vi rekommenderar också Hotel Phishy Palace intill.", "unknown-hotel"],
    ["Bo hellre på Grand Budget Hotel.", "unknown-hotel"],
    ["Ett alternativ är hotell Lyxvillan vid vattnet.", "unknown-hotel"],
    ["Prova Seaside Resort.", "unknown-hotel"],
  ])("finds it in %j", (text, problem) => {
    expect(providerTextProblems(text, KNOWN)).toContain(problem);
  });

  it.each([
    "Tre hotell i Stockholm som passar dig, t.ex. med frukost och spa.",
    "Hotel Diplomat ligger vid Strandvägen, bl.a. nära Djurgården.",
    "Diplomat Hotel har utsikt över vattnet.",
    "Clarion Hotel Post ligger vid Centralstationen.",
    "Frukost serveras 07.00-10.00 och incheckning från 15.00.",
    "Från 1 290 kr per natt, ca 12 900 kr för tio nätter.",
    "Öppnade 2026-11-30, renoverat 1998.",
    "Hotellet har 4,5 i betyg och ligger 1,2 km från centrum.",
    "Byggt på 1100-talet e.Kr. och omtyckt m.fl.",
    "Hotellet och vandrarhemmet ligger nära varandra.",
    "Ett hotell i Göteborg, ett hotell nära Liseberg.",
    "Lycka till med resan!",
  ])("lets ordinary prose through: %j", (text) => {
    expect(providerTextProblems(text, KNOWN)).toEqual([]);
    expect(isSafeProviderText(text, KNOWN)).toBe(true);
  });

  it("names the hotel-like names it read", () => {
    expect(hotelNamesIn("Välj Hotel Phishy Palace eller Grand Budget Hotel.")).toEqual(["Hotel Phishy Palace", "Grand Budget Hotel"]);
  });
});

describe("withoutContactDetails", () => {
  it("drops the sentences that carry an address, e-mail address or number, and keeps the rest", () => {
    const text = "Ett hotell vid havet. Boka på evil-booking.com! Ring 08-123 45 67.\nRummen är ljusa. Mejla a@b.se.";
    expect(withoutContactDetails(text)).toBe("Ett hotell vid havet.\nRummen är ljusa.");
  });

  it("gives null when nothing is left", () => {
    expect(withoutContactDetails("Ring +46 8 123 45 67.")).toBeNull();
  });
});

describe("statesAnAmount", () => {
  it.each(["Från 1 550 kr per natt.", "Kostar 1\u00a0390 kr.", "Runt 160 € natten.", "Ungefär 99,50 EUR.", "1500:- per natt", "SEK 2000"])(
    "finds an amount of money: %j",
    (text) => {
      expect(statesAnAmount(text)).toBe(true);
    },
  );
  it.each(["Fyra stjärnor och 8,6 i betyg.", "Frukost 07.00-10.00, 1,2 km från centrum.", "Nära Kronobergsparken."])(
    "lets prose without amounts through: %j",
    (text) => {
      expect(statesAnAmount(text)).toBe(false);
    },
  );
});
