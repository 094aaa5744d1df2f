/**
 * The demo's price files, as partners really send them: the CSV twin of nightly rates from three
 * partners (one of them pricing in euros), a Google Hotel Center Transaction message with
 * itinerary prices and room bundles from a fourth for about a quarter of the hotels, and the
 * ECB's daily euro reference rates. The seed imports them through the real importer, so the demo
 * shows what partners' prices do: weekends and summer and Christmas dearer, late January
 * cheaper, a cheaper single room at one partner, family rooms at about a third of the hotels,
 * nights nobody can sell, and conditions that differ between partners (breakfast, free
 * cancellation, pay at the hotel). Deterministic: the same hotels and the same moment give the
 * same text. Pure: no I/O.
 */
import { PRICE_CSV_COLUMNS } from "#app/feed/price-csv-row.ts";
import {
  createRandom,
  DEMO_PARTNERS,
  DEMO_SEED,
  demoLandingUrl,
  type DemoHotel,
  type DemoPartner,
} from "#app/operations/demo-catalogue.ts";
import { hotelTime } from "#app/feed/hotel-time.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";

/** What the generator needs of a hotel (a DemoHotel has it). */
export type DemoPriceHotel = Pick<DemoHotel, "hotel_id" | "star_rating" | "country" | "price_amount">;

export interface DemoPriceFile {
  name: string;
  /** The partner the file is imported for; null for the ECB's rates. */
  partnerId: string | null;
  text: string;
  /** Prices in it: CSV rows, or the Transaction's Room Bundles and unavailable itineraries. */
  prices: number;
}

type PartnerId = DemoPartner["id"];

interface NightlyPartner {
  id: PartnerId;
  currency: "SEK" | "EUR";
  /** Nights ahead it sells (from today). */
  days: number;
  /** Its price level against the hotel's usual price. */
  level: number;
  breakfast: boolean;
  /** Free cancellation until this many days before the night, at 18:00 on the hotel's clock. */
  cancelDaysBefore: number | null;
  payAtHotel: boolean;
  /** A service fee per night, in its currency. */
  fee: number;
  /** Nights ahead it also sells a single room (1 adult, cheaper); 0 for none. */
  singleDays: number;
  /** Nights ahead it sells the hotel's family room (4 adults), where the hotel has one. */
  familyDays: number;
}

/**
 * Who sends what. The horizons keep a first start's import small (about 300,000 nightly rates
 * for the 600 demo hotels) while a stay in July has a price at every hotel and 12–15 March at
 * two partners or more: the price of a night far ahead is one partner's.
 */
export const DEMO_NIGHTLY_PARTNERS: readonly NightlyPartner[] = [
  {
    id: "resekompassen",
    currency: "SEK",
    days: 250,
    level: 1.04,
    breakfast: true,
    cancelDaysBefore: null,
    payAtHotel: false,
    fee: 0,
    singleDays: 0,
    familyDays: 60,
  },
  {
    id: "hotellfynd",
    currency: "SEK",
    days: 120,
    level: 0.97,
    breakfast: false,
    cancelDaysBefore: 2,
    payAtHotel: false,
    fee: 29,
    singleDays: 30,
    familyDays: 0,
  },
  {
    id: "nattlogi",
    currency: "EUR",
    days: 60,
    level: 0.99,
    breakfast: false,
    cancelDaysBefore: null,
    payAtHotel: true,
    fee: 0,
    singleDays: 0,
    familyDays: 0,
  },
];

/** The partner that sends Google Hotel Center Transaction messages, and for how much of the catalogue. */
export const DEMO_TRANSACTION_PARTNER = { id: "baddbanken" as PartnerId, share: 0.25, checkInDays: 31, maxNights: 3, level: 1.02 };

/** Value added tax on a hotel night, by country (Sweden's is 12 %). */
const ROOM_VAT: Record<string, number> = { Sweden: 0.12, Norway: 0.12, Denmark: 0.25, Finland: 0.14, Germany: 0.07, Iceland: 0.11 };
const DEFAULT_VAT = 0.1;
const BREAKFAST_PER_ADULT = 125;
const SINGLE_FACTOR = 0.88;
const FAMILY_FACTOR = 1.55;
const FAMILY_SHARE = 1 / 3;
/** Nights a hotel is full at every partner; more on summer and Christmas weekends. */
const FULL_NIGHT = 0.02;
const FULL_BUSY_NIGHT = 0.1;
/** Nights one partner has nothing left to sell while others have. */
const PARTNER_GAP = 0.015;

// ---------------------------------------------------------------------------------------------
// Dates and prices

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const monthDay = (date: string) => date.slice(5);

/** Summer and Christmas dearer, late January cheaper: what a Swedish hotel year looks like. */
function season(date: string): number {
  const day = monthDay(date);
  if (day >= "12-20" || day <= "01-02") return 1.3;
  if (day >= "01-07" && day <= "02-10") return 0.82;
  if (day >= "07-01" && day <= "07-31") return 1.32;
  if (day >= "06-15" && day <= "08-15") return 1.22;
  if ((day >= "04-15" && day <= "05-31") || (day >= "09-01" && day <= "09-30")) return 1.05;
  return 1;
}

/** Friday and Saturday nights dearer, Sunday cheaper. */
const WEEKDAY_FACTORS = [0.93, 1, 1, 1, 1, 1.16, 1.16];

/** A night of the generated period, with what its price depends on worked out once. */
interface Night {
  date: string;
  /** Days since 1970-01-01. */
  number: number;
  /** Season times weekday. */
  factor: number;
  /** A summer or Christmas weekend: hotels fill up. */
  busy: boolean;
}

function nightOf(date: string): Night {
  const day = weekday(date);
  return {
    date,
    number: Date.parse(`${date}T00:00:00Z`) / 86_400_000,
    factor: season(date) * WEEKDAY_FACTORS[day]!,
    busy: season(date) >= 1.2 && day >= 5,
  };
}

/** A number in [0, 1) from integers, the same on every machine (for the night-by-night variation). */
function unit(...keys: number[]): number {
  let hash = DEMO_SEED;
  for (const key of keys) hash = Math.imul(hash ^ key, 0x9e3779b1) ^ (hash >>> 15);
  return createRandom(hash).next();
}

const hotelNumber = (hotel: DemoPriceHotel) => Number(hotel.hotel_id.replace(/\D/g, "")) || 0;
const money = (value: number) => value.toFixed(2);
const PARTNER_INDEX = new Map(DEMO_PARTNERS.map((partner, index) => [partner.id as PartnerId, index]));

/** A hotel's lasting traits: its usual price for two, a family room, and whether the Transaction partner sells it. */
interface HotelProfile {
  hotel: DemoPriceHotel;
  number: number;
  usual: number;
  vat: number;
  family: boolean;
  transaction: boolean;
  /** Each partner's own level for this hotel (±7 %). */
  levels: Map<PartnerId, number>;
  /** Nights (day numbers) the hotel is full everywhere. */
  full: Set<number>;
}

function profile(hotel: DemoPriceHotel, nights: readonly Night[]): HotelProfile {
  const number = hotelNumber(hotel);
  const random = createRandom(DEMO_SEED ^ Math.imul(number, 0x27d4eb2d));
  const levels = new Map(DEMO_PARTNERS.map((partner) => [partner.id, 0.93 + random.next() * 0.14]));
  const full = new Set(nights.filter((night) => random.chance(night.busy ? FULL_BUSY_NIGHT : FULL_NIGHT)).map((night) => night.number));
  return {
    hotel,
    number,
    usual: hotel.price_amount ?? 700 + (hotel.star_rating ?? 3) * 350,
    vat: ROOM_VAT[hotel.country] ?? DEFAULT_VAT,
    family: random.chance(FAMILY_SHARE),
    transaction: random.chance(DEMO_TRANSACTION_PARTNER.share),
    levels,
    full,
  };
}

/** A night's price in SEK, taxes included, fees not: whole kronor. */
function nightTotal(hotel: HotelProfile, partner: PartnerId, level: number, night: Night, adults: number, breakfast: boolean): number {
  const partnerIndex = PARTNER_INDEX.get(partner)!;
  const wobble = 0.98 + unit(hotel.number, partnerIndex, night.number) * 0.04;
  const occupancy = adults === 1 ? SINGLE_FACTOR : adults >= 3 ? FAMILY_FACTOR : 1;
  const room = hotel.usual * level * hotel.levels.get(partner)! * night.factor * occupancy * wobble;
  return Math.round(room + (breakfast ? BREAKFAST_PER_ADULT * adults : 0));
}

/** A total with tax in it as base and tax (the base rounded to whole units of the currency's cents). */
function split(total: number, vat: number): { base: string; tax: string } {
  const base = Math.round((total / (1 + vat)) * 100) / 100;
  return { base: money(base), tax: money(total - base) };
}

// ---------------------------------------------------------------------------------------------
// ECB rates

/** Units per euro, near late-2026 levels; the Danish krone is pegged. */
const EURO_RATES: ReadonlyArray<[string, number, number]> = [
  ["USD", 1.05, 4],
  ["JPY", 162.1, 2],
  ["GBP", 0.835, 5],
  ["CHF", 0.94, 4],
  ["ISK", 145.3, 2],
  ["PLN", 4.27, 4],
  ["CZK", 25.2, 3],
  ["SEK", 11.1, 4],
  ["NOK", 11.7, 4],
  ["DKK", 7.46, 4],
];

/** The ECB publishes on working days: the file on a given day holds the last weekday before it. */
export function ecbRatesDate(today: string): string {
  let date = addDays(today, -1);
  while (weekday(date) === 0 || weekday(date) === 6) date = addDays(date, -1);
  return date;
}

/** That day's rates: each within ±0.5 % of its level (the krone within its peg's ±0.05 %). */
export function demoEuroRates(date: string): Map<string, string> {
  return new Map(
    EURO_RATES.map(([currency, level, decimals], index) => {
      const spread = currency === "DKK" ? 0.0005 : 0.005;
      return [currency, (level * (1 - spread + unit(nightOf(date).number, index) * spread * 2)).toFixed(decimals)];
    }),
  );
}

function ecbFile(date: string, rates: Map<string, string>): string {
  const cubes = [...rates].map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${date}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;
}

// ---------------------------------------------------------------------------------------------
// The files

function nightlyFile(
  partner: NightlyPartner,
  hotels: readonly HotelProfile[],
  nights: readonly Night[],
  sekPerEur: number,
  updatedAt: string,
) {
  const lines: string[] = [PRICE_CSV_COLUMNS.join(",")];
  const host = DEMO_PARTNERS.find((item) => item.id === partner.id)!;
  const partnerIndex = DEMO_PARTNERS.indexOf(host);
  const rooms: Array<{ adults: number; name: string; days: (hotel: HotelProfile) => number }> = [
    { adults: 2, name: "Dubbelrum", days: () => partner.days },
    { adults: 1, name: "Enkelrum", days: () => partner.singleDays },
    { adults: 4, name: "Familjerum", days: (hotel) => (hotel.family ? partner.familyDays : 0) },
  ];
  const deadlines = nights.map(({ date }) =>
    partner.cancelDaysBefore === null ? "" : hotelTime(addDays(date, -partner.cancelDaysBefore), "18:00:00"),
  );
  for (const hotel of hotels) {
    const url = demoLandingUrl(host, hotel.hotel.hotel_id);
    for (const [index, night] of nights.slice(0, partner.days).entries()) {
      if (hotel.full.has(night.number) || unit(hotel.number, partnerIndex, night.number, 1) < PARTNER_GAP) continue;
      const cancel = deadlines[index] ?? "";
      for (const room of rooms) {
        if (index >= room.days(hotel)) continue;
        const total = nightTotal(hotel, partner.id, partner.level, night, room.adults, partner.breakfast);
        const inCurrency = partner.currency === "EUR" ? Math.round((total / sekPerEur) * 100) / 100 : total;
        const { base, tax } = split(inCurrency, hotel.vat);
        lines.push(
          [
            hotel.hotel.hotel_id,
            night.date,
            room.adults,
            1,
            partner.currency,
            base,
            tax,
            money(partner.fee),
            partner.breakfast,
            cancel,
            partner.payAtHotel,
            room.name,
            url,
            updatedAt,
          ].join(","),
        );
      }
    }
  }
  return { name: `${partner.id}-nattpriser.csv`, partnerId: partner.id, text: `${lines.join("\n")}\n`, prices: lines.length - 1 };
}

const PACKAGE = "FRUKOST";

function propertyDataSet(hotel: HotelProfile): string {
  const room = (id: string, sv: string, en: string, capacity: number) =>
    `    <RoomData>\n      <RoomID>${id}</RoomID>\n      <Name>\n        <Text text="${sv}" language="sv"/>\n        <Text text="${en}" language="en"/>\n      </Name>\n      <Capacity>${capacity}</Capacity>\n    </RoomData>\n`;
  return `  <PropertyDataSet>
    <Property>${hotel.hotel.hotel_id}</Property>
${room("DBL", "Dubbelrum", "Double room", 2)}${hotel.family ? room("FAM", "Familjerum", "Family room", 4) : ""}    <PackageData>
      <PackageID>${PACKAGE}</PackageID>
      <Name>
        <Text text="Frukost ingår, gratis avbokning" language="sv"/>
        <Text text="Breakfast included, free cancellation" language="en"/>
      </Name>
      <Refundable available="1" refundable_until_days="1" refundable_until_time="18:00:00"/>
      <BreakfastIncluded>1</BreakfastIncluded>
    </PackageData>
  </PropertyDataSet>
`;
}

/** A stay's bundle: its nights' prices, a little less per night the longer the stay. */
function bundle(hotel: HotelProfile, roomId: string, adults: number, nights: readonly Night[]): string {
  const { id, level } = DEMO_TRANSACTION_PARTNER;
  const sum = nights.reduce((total, night) => total + nightTotal(hotel, id, level, night, adults, true), 0);
  const { base, tax } = split(Math.round(sum * (1 - 0.03 * (nights.length - 1))), hotel.vat);
  return `    <RoomBundle>
      <RoomID>${roomId}</RoomID>
      <PackageID>${PACKAGE}</PackageID>
      <Baserate currency="SEK">${base}</Baserate>
      <Tax currency="SEK">${tax}</Tax>
      <OtherFees currency="SEK">0.00</OtherFees>
      <Occupancy>${adults}</Occupancy>
    </RoomBundle>
`;
}

function transactionFile(hotels: readonly HotelProfile[], nights: readonly Night[], now: Date) {
  const { id, checkInDays, maxNights } = DEMO_TRANSACTION_PARTNER;
  const sold = hotels.filter((hotel) => hotel.transaction);
  const parts: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>\n<Transaction timestamp="${now.toISOString().replace(/\.\d{3}Z$/, "Z")}" id="demo-${id}-${nights[0]!.date}" partner="${id}">\n`,
    ...sold.map(propertyDataSet),
  ];
  let prices = 0;
  for (const hotel of sold) {
    for (const [start, checkIn] of nights.slice(0, checkInDays).entries()) {
      for (let count = 1; count <= maxNights; count += 1) {
        const stay = nights.slice(start, start + count);
        const head = `  <Result>\n    <Property>${hotel.hotel.hotel_id}</Property>\n    <Checkin>${checkIn.date}</Checkin>\n    <Nights>${count}</Nights>\n`;
        if (stay.some((night) => hotel.full.has(night.number))) {
          parts.push(
            `${head}    <Unavailable>\n      <NoVacancy/>\n    </Unavailable>\n    <Tax currency="SEK">0</Tax>\n    <OtherFees currency="SEK">0</OtherFees>\n  </Result>\n`,
          );
          prices += 1;
          continue;
        }
        const bundles = [bundle(hotel, "DBL", 2, stay), ...(hotel.family ? [bundle(hotel, "FAM", 4, stay)] : [])];
        parts.push(`${head}${bundles.join("")}  </Result>\n`);
        prices += bundles.length;
      }
    }
  }
  parts.push("</Transaction>\n");
  return { name: `${id}-transaction.xml`, partnerId: id, text: parts.join(""), prices };
}

/**
 * The price files for these hotels as partners would send them at `now`: one CSV twin of nightly
 * rates per nightly partner, the Transaction message, and the ECB's rates (whose SEK rate the
 * euro partner's prices are converted with).
 */
export function generateDemoPriceFiles(hotels: Iterable<DemoPriceHotel>, now: Date): DemoPriceFile[] {
  const today = todayInSweden(now);
  const horizon = Math.max(
    ...DEMO_NIGHTLY_PARTNERS.map((partner) => partner.days),
    DEMO_TRANSACTION_PARTNER.checkInDays + DEMO_TRANSACTION_PARTNER.maxNights,
  );
  const nights = Array.from({ length: horizon }, (_, index) => nightOf(addDays(today, index)));
  const profiles = [...hotels].map((hotel) => profile(hotel, nights));
  const ratesDate = ecbRatesDate(today);
  const rates = demoEuroRates(ratesDate);
  const updatedAt = now.toISOString();
  return [
    ...DEMO_NIGHTLY_PARTNERS.map((partner) => nightlyFile(partner, profiles, nights, Number(rates.get("SEK")), updatedAt)),
    transactionFile(profiles, nights, now),
    { name: "eurofxref-daily.xml", partnerId: null, text: ecbFile(ratesDate, rates), prices: rates.size },
  ];
}

// ---------------------------------------------------------------------------------------------
// A year of price history (issue 38, decision 073)

/**
 * Stay lengths the demo's history covers (the importer records 1, 2, 3 and 7 from today on): the
 * common ones only, so that seeding a year on PGlite stays a small part of a first start.
 */
const HISTORY_LENGTHS = [1, 2];
/** Hotels whose coming stays are cheaper than they were all year: the demo's real deals. */
const DEAL_HOTELS = 0.1;
/**
 * Observations per hotel, length and check-in month: many for the months of the coming 60 days
 * (today's import adds about 80 of a deal hotel's current, lower prices there; the year before
 * must outweigh them for its median to stay where it was), a few for the other months (the chart).
 */
const OBSERVATIONS = { deal: 150, coming: 6, other: 2 };

/** One day's observations: what stays cost at the demo's partners, in SEK, as seen that day. */
export interface DemoHistoryDay {
  observedOn: string;
  observations: Array<{ hotelId: string; partnerId: string; checkIn: string; nights: number; totalSek: number }>;
}

/**
 * Twelve months of what the demo's stays cost (two adults in one room, the nightly partners'
 * own prices, taxes and fees included), oldest day first, for the same code path as an import
 * (app/prices/price-history.server.ts's appendObservations). Each hotel and stay length gets
 * check-ins in every month of the last year (the latest such month up to 60 days ahead), seen
 * 1–60 days before the check-in and never today or later. About one hotel in ten was dearer
 * (by 22–34 %) in the months of the coming weeks than it is now: those stays really are deals
 * by the rule (app/prices/deal.ts); every other hotel's prices were what they are now, give or
 * take a few per cent, and so are not.
 */
export function generateDemoHistory(hotels: Iterable<DemoPriceHotel>, now: Date): DemoHistoryDay[] {
  const today = todayInSweden(now);
  const horizon = addDays(today, 59);
  const earliest = addDays(today, -364);
  const coming = new Set<number>();
  for (let day = 0; day < 60; day++) coming.add(Number(addDays(today, day).slice(5, 7)));
  const byDay = new Map<string, DemoHistoryDay["observations"]>();
  const nights = new Map<string, Night>();
  const night = (date: string) => nights.get(date) ?? nights.set(date, nightOf(date)).get(date)!;
  for (const hotel of hotels) {
    const traits = profile(hotel, []);
    const deal = unit(traits.number, 73) < DEAL_HOTELS;
    for (let month = 1; month <= 12; month++) {
      // The latest such month that begins by the horizon: last spring's, this winter's coming ones.
      let year = Number(horizon.slice(0, 4));
      if (`${year}-${String(month).padStart(2, "0")}-01` > horizon) year--;
      const count = coming.has(month) ? (deal ? OBSERVATIONS.deal : OBSERVATIONS.coming) : OBSERVATIONS.other;
      for (const length of HISTORY_LENGTHS) {
        for (let index = 0; index < count; index++) {
          const pick = (salt: number) => unit(traits.number, month, length, index, salt);
          const partner = DEMO_NIGHTLY_PARTNERS[index % DEMO_NIGHTLY_PARTNERS.length]!;
          const checkIn = `${year}-${String(month).padStart(2, "0")}-${String(1 + Math.floor(pick(1) * 28)).padStart(2, "0")}`;
          if (checkIn < earliest || checkIn > horizon) continue;
          const seenBefore = 1 + Math.floor(pick(2) * 60);
          const observedOn = addDays(checkIn < today ? checkIn : today, -seenBefore);
          if (observedOn < earliest) continue;
          let total = 0;
          for (let offset = 0; offset < length; offset++) {
            total += nightTotal(traits, partner.id, partner.level, night(addDays(checkIn, offset)), 2, partner.breakfast) + partner.fee;
          }
          const level = deal && coming.has(month) ? 1.22 + pick(3) * 0.12 : 0.96 + pick(3) * 0.08;
          const list = byDay.get(observedOn) ?? byDay.set(observedOn, []).get(observedOn)!;
          list.push({ hotelId: hotel.hotel_id, partnerId: partner.id, checkIn, nights: length, totalSek: Math.round(total * level) });
        }
      }
    }
  }
  return [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([observedOn, observations]) => ({ observedOn, observations }));
}
