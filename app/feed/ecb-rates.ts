/**
 * The European Central Bank's euro foreign exchange reference rates (eurofxref-daily.xml, the
 * 90-day and the whole history files): `<Cube time="YYYY-MM-DD">` holding one
 * `<Cube currency="SEK" rate="10.6968"/>` per currency, each rate the units of that currency one
 * euro buys on that business day. See docs/partner-formats/ecb-eurofxref.md. Pure: the records
 * come from readXmlRecords.
 */
import { isCalendarDate } from "#app/feed/feed-values.ts";
import type { XmlElement } from "#app/feed/xml-records.server.ts";
import { isCurrencyCode, type EcbRate } from "#app/utils/money.ts";

export const GESMES_NS = "http://www.gesmes.org/xml/2002-08-01";
export const EUROFXREF_NS = "http://www.ecb.int/vocabulary/2002-08-01/eurofxref";

/** True for the document element of an ECB rates file. */
export const isEcbRoot = (root: Pick<XmlElement, "name" | "uri">) => root.name === "Envelope" && root.uri === GESMES_NS;

/** The record of an ECB file: a day's `<Cube time>`. */
export const isEcbDay = (element: Pick<XmlElement, "name" | "uri" | "attributes">) =>
  element.name === "Cube" && element.uri === EUROFXREF_NS && "time" in element.attributes;

/** A positive decimal as the ECB writes it: digits, a point, digits. */
const RATE = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,10})?$/;

export interface EcbProblem {
  line: number;
  reason: string;
}

export type EcbDay = { rates: EcbRate[]; problems: EcbProblem[] };

/** A day's rates, and what was wrong with any of its entries (each such entry is left out). */
export function ecbDayRates(day: XmlElement): EcbDay {
  const date = day.attributes.time!.trim();
  if (!isCalendarDate(date))
    return { rates: [], problems: [{ line: day.line, reason: `time="${date.slice(0, 40)}" is not a date (YYYY-MM-DD)` }] };
  const rates: EcbRate[] = [];
  const problems: EcbProblem[] = [];
  const seen = new Set<string>();
  for (const cube of day.children) {
    if (cube.name !== "Cube" || cube.uri !== EUROFXREF_NS) continue;
    const currency = (cube.attributes.currency ?? "").trim();
    const rate = (cube.attributes.rate ?? "").trim();
    if (!isCurrencyCode(currency) || currency === "EUR") {
      problems.push({ line: cube.line, reason: `currency="${currency.slice(0, 40)}" is not an ISO 4217 currency code other than EUR` });
    } else if (!RATE.test(rate) || Number(rate) <= 0) {
      problems.push({ line: cube.line, reason: `the rate of ${currency} ("${rate.slice(0, 40)}") is not a positive decimal number` });
    } else if (seen.has(currency)) {
      problems.push({ line: cube.line, reason: `${currency} is given twice for ${date}` });
    } else {
      seen.add(currency);
      rates.push({ date, currency, perEur: rate });
    }
  }
  if (rates.length === 0 && problems.length === 0) problems.push({ line: day.line, reason: `no rates for ${date}` });
  return { rates, problems };
}
