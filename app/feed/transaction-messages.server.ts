/**
 * Google Hotel Center Transaction messages (the XML chains and channel managers already send
 * Google) read as price records: each `<Result>` is an itinerary (check-in + nights → a total for
 * the stay), each `<RoomBundle>` in it another room or package for the same itinerary, and
 * `<Unavailable>` (or a Baserate of -1) says the itinerary cannot be sold. `<PropertyDataSet>`
 * names the rooms and states the packages' conditions for the Results after it in the file.
 * Read as a stream over readXmlRecords (no DOCTYPE, no entities, UTF-8 only, bounded records).
 * See docs/partner-formats/google-hotel-center-transaction-messages.md and
 * docs/decisions/052-transaction-messages.md.
 */
import fs from "node:fs";
import { FeedError } from "#app/feed/feed-records.server.ts";
import { asBoolean, asNumber, escapeControls, isCalendarDate } from "#app/feed/feed-values.ts";
import type { PriceItem, PriceRecord } from "#app/prices/price-record.ts";
import { hotelTime } from "#app/feed/hotel-time.ts";
import { readXmlRecords, XmlFeedError, type XmlElement } from "#app/feed/xml-records.server.ts";
import { addDays, MAX_DAYS_AHEAD, MAX_NIGHTS, todayInSweden } from "#app/utils/stay.ts";
import { isCurrencyCode } from "#app/utils/money.ts";

export interface TransactionReadOptions {
  /** The most characters one `<Result>` or `<PropertyDataSet>` may hold; default the feeds' 1 MB. */
  maxRecordBytes?: number;
  /** The moment "today" and "in the past" are measured from (tests); default now. */
  now?: Date;
}

/** Google's default itinerary is a double room: a Result without `<Occupancy>` is for 2 adults in 1 room. */
const DEFAULT_OCCUPANCY = 2;
const MAX_OCCUPANCY = 8;
/** Google's limit for refundable_until_days. */
const MAX_REFUND_DAYS = 330;
/** The itinerary_prices check: a stay's total stays under this. */
const MAX_TOTAL = 100_000_000;
const MAX_ROOM_KEY = 200;
const MAX_ROOM_NAME = 200;
const MAX_RAW = 300;
/** A message dated this far ahead would stop every later message from replacing its prices. */
const MAX_CLOCK_AHEAD_MS = 24 * 3_600_000;

type Problem = { problem: string };
const isProblem = (value: unknown): value is Problem => typeof value === "object" && value !== null && "problem" in value;

// ---------------------------------------------------------------------------------------------
// Elements

const child = (element: XmlElement, name: string) => element.children.find((item) => item.name === name);
const children = (element: XmlElement, name: string) => element.children.filter((item) => item.name === name);
/** The trimmed text of the first such child; null without one. */
const childText = (element: XmlElement, name: string) => {
  const found = child(element, name);
  return found ? found.text.trim() : null;
};

/** The element as compact XML, cut short: what a reject shows of it. */
function outline(element: XmlElement): string {
  let out = "";
  const write = (item: XmlElement) => {
    if (out.length > MAX_RAW) return;
    const attributes = Object.entries(item.attributes)
      .map(([name, value]) => ` ${name}="${value}"`)
      .join("");
    const text = item.text.trim();
    if (!text && item.children.length === 0) {
      out += `<${item.name}${attributes}/>`;
      return;
    }
    out += `<${item.name}${attributes}>${text}`;
    item.children.forEach(write);
    out += `</${item.name}>`;
  };
  write(element);
  const shown = escapeControls(out);
  return shown.length > MAX_RAW ? `${shown.slice(0, MAX_RAW - 1)}…` : shown;
}

const quoted = (value: string) => JSON.stringify(escapeControls(value.length > 40 ? `${value.slice(0, 39)}…` : value));

// ---------------------------------------------------------------------------------------------
// Values

/** 'true'/'false'/'1'/'0' as Google writes booleans; undefined when absent. */
function readBoolean(text: string | null | undefined, label: string): boolean | undefined | Problem {
  if (text === null || text === undefined) return undefined;
  const value = asBoolean(text);
  return typeof value === "boolean" ? value : { problem: `${label} must be true, false, 1 or 0 (got ${quoted(text)})` };
}

/** A whole number from min to max; undefined when absent. */
function readCount(text: string | null, label: string, min: number, max: number): number | undefined | Problem {
  if (text === null) return undefined;
  const value = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  return value >= min && value <= max ? value : { problem: `${label} must be a whole number from ${min} to ${max} (got ${quoted(text)})` };
}

/** A plain decimal as text with a point ('1290,50' becomes '1290.50'); null when it is not one. */
function plainDecimal(text: string): string | null {
  return typeof asNumber(text) === "number" ? text.replace(",", ".") : null;
}

interface Amounts {
  currency: string;
  base: string;
  tax: string;
  fees: string;
}

type PriceReading = { kind: "none" } | { kind: "unavailable" } | ({ kind: "price" } & Amounts) | Problem;

/**
 * `<Baserate currency all_inclusive>`, `<Tax currency>` and `<OtherFees currency>` of a Result,
 * RoomBundle or Rate. Google adds Tax and OtherFees to the Baserate for the total it shows, and
 * requires both when the Baserate is above zero; with all_inclusive="true" the Baserate already
 * includes them. A Baserate of -1 removes the room from inventory.
 */
function readPrice(element: XmlElement): PriceReading {
  const baserate = child(element, "Baserate");
  if (!baserate) return { kind: "none" };
  const text = baserate.text.trim();
  if (text === "-1") return { kind: "unavailable" };
  const currency = (baserate.attributes.currency ?? "").trim();
  if (!isCurrencyCode(currency))
    return { problem: `Baserate currency must be an ISO 4217 code such as SEK or EUR (got ${quoted(currency)})` };
  const base = plainDecimal(text);
  if (base === null || Number(base) <= 0)
    return { problem: `Baserate must be a decimal number above 0, written as plain digits such as 1290.50 (got ${quoted(text)})` };
  const inclusive = readBoolean(baserate.attributes.all_inclusive, "Baserate all_inclusive");
  if (isProblem(inclusive)) return inclusive;
  if (inclusive) return within({ kind: "price", currency, base, tax: "0", fees: "0" });

  const part = (name: "Tax" | "OtherFees"): string | Problem => {
    const found = child(element, name);
    if (!found) return { problem: `${name} is missing: it is required with a Baserate unless all_inclusive="true"` };
    const own = (found.attributes.currency ?? "").trim();
    if (own !== currency) return { problem: `${name} currency ${quoted(own)} differs from the Baserate's ${currency}` };
    const amount = plainDecimal(found.text.trim());
    if (amount === null || Number(amount) < 0)
      return { problem: `${name} must be a decimal number of 0 or more, written as plain digits (got ${quoted(found.text.trim())})` };
    return amount;
  };
  const tax = part("Tax");
  if (isProblem(tax)) return tax;
  const fees = part("OtherFees");
  if (isProblem(fees)) return fees;
  return within({ kind: "price", currency, base, tax, fees });
}

function within(price: { kind: "price" } & Amounts): PriceReading {
  const total = Number(price.base) + Number(price.tax) + Number(price.fees);
  return total < MAX_TOTAL ? price : { problem: `the total ${total} ${price.currency} is larger than any stay costs` };
}

interface RefundTerms {
  available: boolean;
  /** Days before check-in; null when not given (then the rate is not shown as refundable). */
  days: number | null;
  /** HH:MM:SS in the hotel's time; midnight when not given. */
  time: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** `<Refundable available refundable_until_days refundable_until_time/>`; undefined when absent. */
function readRefundable(element: XmlElement): RefundTerms | undefined | Problem {
  const found = child(element, "Refundable");
  if (!found) return undefined;
  const available = readBoolean(found.attributes.available ?? "false", "Refundable available");
  if (isProblem(available)) return available;
  // "If available is 0 or false, the other attributes are ignored."
  if (!available) return { available: false, days: null, time: "00:00:00" };
  const daysText = found.attributes.refundable_until_days?.trim() ?? null;
  const days = readCount(daysText, "Refundable refundable_until_days", 0, MAX_REFUND_DAYS);
  if (isProblem(days)) return days;
  const timeText = found.attributes.refundable_until_time?.trim();
  const time = timeText === undefined || timeText === "" ? null : TIME.exec(timeText);
  if (timeText && !time) return { problem: `Refundable refundable_until_time must be a time such as 18:00:00 (got ${quoted(timeText)})` };
  return { available, days: days ?? null, time: time ? `${time[1]}:${time[2]}:${time[3] ?? "00"}` : "00:00:00" };
}

const CHARGE_CURRENCIES = new Set(["web", "hotel", "deposit", "installment"]);

/** `<ChargeCurrency>`: "hotel" is paid at the hotel; undefined when absent. */
function readPayAtHotel(element: XmlElement): boolean | undefined | Problem {
  const text = childText(element, "ChargeCurrency");
  if (text === null) return undefined;
  if (!CHARGE_CURRENCIES.has(text)) return { problem: `ChargeCurrency must be web, hotel, deposit or installment (got ${quoted(text)})` };
  return text === "hotel";
}

/**
 * The adults a price is for: `<OccupancyDetails><NumAdults>`, else `<Occupancy>` (Google: without
 * details, all guests are adults). A price that includes children is not one for adults only.
 */
function readAdults(element: XmlElement): number | undefined | Problem {
  const occupancy = readCount(childText(element, "Occupancy"), "Occupancy", 1, MAX_OCCUPANCY);
  if (isProblem(occupancy)) return occupancy;
  const details = child(element, "OccupancyDetails");
  if (!details) return occupancy;
  const adults = readCount(childText(details, "NumAdults"), "OccupancyDetails NumAdults", 1, MAX_OCCUPANCY);
  if (isProblem(adults)) return adults;
  const kids = child(details, "Children");
  if ((kids && children(kids, "Child").length > 0) || (adults !== undefined && occupancy !== undefined && adults < occupancy))
    return { problem: "the price includes children: only prices for adults are read" };
  return adults ?? occupancy;
}

// ---------------------------------------------------------------------------------------------
// Time

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d{1,9})?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;

/** The Transaction's timestamp (RFC 3339; without an offset it is UTC) as an ISO instant. */
function readTimestamp(root: XmlElement, now: Date): string {
  const text = root.attributes.timestamp?.trim();
  if (!text) throw new FeedError("The <Transaction> has no timestamp attribute: it says when the prices were stated, so it is required.");
  const match = TIMESTAMP.exec(text);
  if (!match || !isCalendarDate(match[1]!))
    throw new FeedError(`The <Transaction> timestamp ${quoted(text)} is not a date and time such as 2026-12-01T16:20:00+01:00.`);
  const instant = Date.parse(match[6] ? text : `${text}Z`);
  if (instant > now.getTime() + MAX_CLOCK_AHEAD_MS)
    throw new FeedError(`The <Transaction> timestamp ${quoted(text)} is in the future: its prices would never be replaced by newer ones.`);
  return new Date(instant).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Room and package metadata (<PropertyDataSet>)

/** The conditions a Result, RoomBundle, Rate or PackageData may state; undefined where it says nothing. */
interface Conditions {
  adults: number | undefined;
  breakfast: boolean | undefined;
  refund: RefundTerms | undefined;
  payAtHotel: boolean | undefined;
}

const NO_CONDITIONS: Conditions = { adults: undefined, breakfast: undefined, refund: undefined, payAtHotel: undefined };

/** The name to show: Swedish text first, then English, then the first given. */
function pickName(name: XmlElement | undefined): string | null {
  const texts = name ? children(name, "Text").filter((text) => (text.attributes.text ?? "").trim()) : [];
  const inLanguage = (language: string) =>
    texts.find((text) => (text.attributes.language ?? "").toLowerCase().split(/[-_]/)[0] === language);
  const chosen = inLanguage("sv") ?? inLanguage("en") ?? texts[0];
  const text = chosen?.attributes.text?.trim().replace(/\s+/g, " ");
  return text ? text.slice(0, MAX_ROOM_NAME) : null;
}

class PropertyMetadata {
  private rooms = new Map<string, string | null>();
  private packages = new Map<string, Conditions>();
  private readonly key = (property: string, id: string) => `${property}\u0000${id}`;

  roomName = (property: string, roomId: string) => (roomId ? (this.rooms.get(this.key(property, roomId)) ?? null) : null);
  packageTerms = (property: string, packageId: string) => (packageId ? this.packages.get(this.key(property, packageId)) : undefined);

  /** Takes in a data set; returns what was wrong with it (each such entry is left out). */
  add(set: XmlElement): string[] {
    const property = childText(set, "Property");
    if (!property) return ["the <PropertyDataSet> has no <Property>"];
    // "overlay" replaces what was said of the property before; "delta" (the default) adds to it.
    if (set.attributes.action?.trim() === "overlay") {
      for (const map of [this.rooms, this.packages]) for (const key of map.keys()) if (key.startsWith(`${property}\u0000`)) map.delete(key);
    }
    const problems: string[] = [];
    for (const room of children(set, "RoomData")) {
      const id = childText(room, "RoomID");
      if (!id) problems.push("a <RoomData> has no <RoomID>");
      else this.rooms.set(this.key(property, id), pickName(child(room, "Name")));
    }
    for (const packageData of children(set, "PackageData")) {
      const id = childText(packageData, "PackageID");
      if (!id) {
        problems.push("a <PackageData> has no <PackageID>");
        continue;
      }
      const conditions = readConditions(packageData);
      if (isProblem(conditions)) problems.push(`PackageData ${quoted(id)}: ${conditions.problem}`);
      else this.packages.set(this.key(property, id), conditions);
    }
    return problems;
  }
}

// ---------------------------------------------------------------------------------------------
// Results

interface Itinerary {
  property: string;
  checkIn: string;
  nights: number;
  confirmedAt: string;
  at: number;
}

/** A Result's, RoomBundle's or Rate's room and package, and its conditions. */
interface Terms extends Conditions {
  roomId: string;
  packageId: string;
  ratePlanId: string;
}

function readConditions(element: XmlElement): Conditions | Problem {
  const adults = readAdults(element);
  const breakfast = readBoolean(childText(element, "BreakfastIncluded"), "BreakfastIncluded");
  const refund = readRefundable(element);
  const payAtHotel = readPayAtHotel(element);
  const problem = [adults, breakfast, refund, payAtHotel].find(isProblem);
  if (problem) return problem;
  return {
    adults: adults as number | undefined,
    breakfast: breakfast as boolean | undefined,
    refund: refund as RefundTerms | undefined,
    payAtHotel: payAtHotel as boolean | undefined,
  };
}

function readTerms(element: XmlElement): Terms | Problem {
  const conditions = readConditions(element);
  if (isProblem(conditions)) return conditions;
  return {
    ...conditions,
    roomId: childText(element, "RoomID") ?? "",
    packageId: childText(element, "PackageID") ?? "",
    ratePlanId: childText(element, "RatePlanID") ?? "",
  };
}

/** `base` with each condition `top` states put over it. */
function layered(top: Conditions, base: Terms): Terms {
  return {
    ...base,
    adults: top.adults ?? base.adults,
    breakfast: top.breakfast ?? base.breakfast,
    refund: top.refund ?? base.refund,
    payAtHotel: top.payAtHotel ?? base.payAtHotel,
  };
}

interface Reading {
  itinerary: Itinerary;
  metadata: PropertyMetadata;
  raw: string;
}

function record(reading: Reading, terms: Terms, amounts: Amounts): PriceItem {
  const { itinerary, metadata } = reading;
  const roomKey = terms.packageId ? `${terms.roomId}/${terms.packageId}` : terms.roomId || terms.ratePlanId;
  if (roomKey.length > MAX_ROOM_KEY)
    return { reject: { at: itinerary.at, reason: `RoomID and PackageID are longer than ${MAX_ROOM_KEY} characters`, raw: reading.raw } };
  const refund = terms.refund;
  const refundable = refund?.available === true && refund.days !== null;
  const price: PriceRecord = {
    property: itinerary.property,
    kind: "itinerary",
    checkIn: itinerary.checkIn,
    nights: itinerary.nights,
    adults: terms.adults ?? DEFAULT_OCCUPANCY,
    rooms: 1,
    currency: amounts.currency,
    base: amounts.base,
    tax: amounts.tax,
    fees: amounts.fees,
    breakfastIncluded: terms.breakfast ?? false,
    refundable,
    freeCancellationUntil: refundable ? hotelTime(addDays(itinerary.checkIn, -refund.days!), refund.time) : null,
    payAtHotel: terms.payAtHotel ?? false,
    roomKey,
    roomName: metadata.roomName(itinerary.property, terms.roomId),
    landingUrl: null,
    confirmedAt: itinerary.confirmedAt,
    at: itinerary.at,
  };
  return { record: price };
}

/**
 * A priced element's records: its own price, then those of its `<Rates>` that are public. A
 * `<Rate>` with a rate_rule_id is a conditional rate (members, a device, a country) defined in
 * the partner's Rate Rule file, so not a price every visitor gets: it is passed over.
 */
function* pricedItems(reading: Reading, element: XmlElement, terms: Terms, price: PriceReading): Generator<PriceItem> {
  const reject = (reason: string): PriceItem => ({ reject: { at: reading.itinerary.at, reason, raw: reading.raw } });
  if (isProblem(price)) yield reject(`${element.name}: ${price.problem}`);
  else if (price.kind === "price") yield record(reading, terms, price);
  for (const rate of child(element, "Rates") ? children(child(element, "Rates")!, "Rate") : []) {
    if (rate.attributes.rate_rule_id !== undefined) continue;
    const own = readTerms(rate);
    if (isProblem(own)) {
      yield reject(`Rate: ${own.problem}`);
      continue;
    }
    const ratePrice = readPrice(rate);
    if (isProblem(ratePrice)) yield reject(`Rate: ${ratePrice.problem}`);
    else if (ratePrice.kind === "price") yield record(reading, layered(own, terms), ratePrice);
    else if (ratePrice.kind === "none") yield reject("Rate: a <Rate> without a <Baserate>");
  }
}

/** The itinerary a `<Result>` is for, checked. */
function readItinerary(result: XmlElement, at: number, confirmedAt: string, today: string): Itinerary | Problem {
  const property = childText(result, "Property");
  const checkIn = childText(result, "Checkin");
  const nightsText = childText(result, "Nights");
  const missing = [!property && "Property", !checkIn && "Checkin", !nightsText && "Nights"].filter(Boolean);
  if (!property || !checkIn || !nightsText) return { problem: `the <Result> has no ${missing.join(", ")}` };
  if (!isCalendarDate(checkIn)) return { problem: `Checkin ${quoted(checkIn)} is not a date (YYYY-MM-DD)` };
  if (checkIn < today) return { problem: `Checkin ${checkIn} is in the past` };
  if (checkIn > addDays(today, MAX_DAYS_AHEAD)) return { problem: `Checkin ${checkIn} is more than ${MAX_DAYS_AHEAD} days ahead` };
  const nights = readCount(nightsText, "Nights", 1, MAX_NIGHTS);
  if (isProblem(nights)) return nights;
  return { property, checkIn, nights: nights!, confirmedAt, at };
}

const soldOut = (itinerary: Itinerary): PriceRecord => ({
  ...itinerary,
  kind: "sold-out",
  adults: DEFAULT_OCCUPANCY,
  rooms: 1,
  currency: null,
  base: null,
  tax: null,
  fees: null,
  breakfastIncluded: false,
  refundable: false,
  freeCancellationUntil: null,
  payAtHotel: false,
  roomKey: "",
  roomName: null,
  landingUrl: null,
});

function* resultItems(
  result: XmlElement,
  at: number,
  confirmedAt: string,
  today: string,
  metadata: PropertyMetadata,
): Generator<PriceItem> {
  const raw = outline(result);
  const reject = (reason: string): PriceItem => ({ reject: { at, reason, raw } });
  const itinerary = readItinerary(result, at, confirmedAt, today);
  if (isProblem(itinerary)) {
    yield reject(itinerary.problem);
    return;
  }
  const price = readPrice(result);
  if (child(result, "Unavailable") || (!isProblem(price) && price.kind === "unavailable")) {
    yield { record: soldOut(itinerary) };
    return;
  }
  const own = readTerms(result);
  const bundles = children(result, "RoomBundle");
  if (isProblem(own) || (!isProblem(price) && price.kind === "none" && bundles.length === 0 && !child(result, "Rates"))) {
    yield reject(isProblem(own) ? own.problem : "the <Result> has no <Baserate> and no <RoomBundle>: there is no price to read");
    return;
  }
  const reading: Reading = { itinerary, metadata, raw };
  const packageOf = (terms: Terms) => metadata.packageTerms(itinerary.property, terms.packageId) ?? NO_CONDITIONS;
  // Google: a refund policy (and the rest) in <PackageData> overrides the one in the <Result>.
  yield* pricedItems(reading, result, layered(packageOf(own), own), price);

  // A Room Bundle inherits nothing from its Result; what it does not say comes from its <PackageData>.
  for (const bundle of bundles) {
    const bundleOwn = readTerms(bundle);
    const bundlePrice = readPrice(bundle);
    if (isProblem(bundleOwn)) yield reject(`RoomBundle: ${bundleOwn.problem}`);
    // -1 takes this room out of the itinerary's inventory; the Result's other rooms still sell.
    else if (!isProblem(bundlePrice) && bundlePrice.kind === "unavailable") continue;
    else if (!isProblem(bundlePrice) && bundlePrice.kind === "none" && !child(bundle, "Rates"))
      yield reject("RoomBundle: a <RoomBundle> without a <Baserate>");
    else yield* pricedItems(reading, bundle, layered(bundleOwn, layered(packageOf(bundleOwn), bundleOwn)), bundlePrice);
  }
}

/**
 * The price records of a Transaction message file, in file order, and the Results (or room
 * metadata) that could not be read, each with its element number (the position among the
 * `<Transaction>`'s children) and the reason. A file that is not a Transaction message, not
 * well-formed, cut short, or refused by the XML reader ends the iteration with a FeedError.
 */
export async function* readTransactionItems(file: string, options: TransactionReadOptions = {}): AsyncGenerator<PriceItem> {
  const now = options.now ?? new Date();
  const today = todayInSweden(now);
  const metadata = new PropertyMetadata();
  let confirmedAt = "";
  let at = 0;
  let read = 0;
  try {
    for await (const event of readXmlRecords(fs.createReadStream(file), {
      isRecord: (_element, depth) => depth === 2,
      ...(options.maxRecordBytes ? { maxRecordChars: options.maxRecordBytes } : {}),
    })) {
      if (event.kind === "root") {
        if (event.element.name !== "Transaction")
          throw new FeedError(
            `${file} is XML, but not a Google Hotel Center Transaction message: its root is <${event.element.name}>, not <Transaction>.`,
          );
        confirmedAt = readTimestamp(event.element, now);
        continue;
      }
      at += 1;
      const element = event.element;
      if (element.name === "PropertyDataSet") {
        read += 1;
        for (const reason of metadata.add(element)) yield { reject: { at, reason, raw: outline(element) } };
      } else if (element.name === "Result") {
        read += 1;
        yield* resultItems(element, at, confirmedAt, today, metadata);
      }
    }
  } catch (error) {
    if (error instanceof XmlFeedError)
      throw new FeedError(`The Transaction message is not valid XML (${error.message}): nothing was imported.`);
    throw error;
  }
  if (read === 0) throw new FeedError(`${file} holds no <Result> and no <PropertyDataSet>: nothing was imported.`);
}
