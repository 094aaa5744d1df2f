/**
 * Money: amounts with their currency, conversion between currencies at the ECB's euro reference
 * rates, and how an amount is written for a Swedish reader ("1 850 kr", "99,50 €"). Pure, shared by
 * server and browser; the one place that formats an amount (DESIGN.md §4.11).
 */

/** The currency prices are compared in, and shown in unless the visitor picks another. */
export const HOME_CURRENCY = "SEK";
/** The currencies a visitor can choose to see prices in (`valuta=`). */
export const DISPLAY_CURRENCIES = ["SEK", "EUR", "NOK", "DKK"] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export interface Money {
  /** In the currency's main unit (kronor, euros), not its minor one. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
}

/** Reference rates of one business day: units of each currency per euro (EUR itself is 1). */
export interface FxRates {
  /** YYYY-MM-DD: the day the rates are for, which the fine print names. */
  date: string;
  perEur: ReadonlyMap<string, number>;
}

let isoCodes: ReadonlySet<string> | null = null;

/** True for an ISO 4217 currency code in upper case ("SEK"); "sek", "XYZ" and "kronor" are not. */
export function isCurrencyCode(value: string): boolean {
  isoCodes ??= new Set(Intl.supportedValuesOf("currency"));
  return /^[A-Z]{3}$/.test(value) && isoCodes.has(value);
}

const minorDigitsCache = new Map<string, number>();

/** How many decimals the currency's minor unit has: 2 for SEK and EUR, 0 for JPY and ISK. */
export function minorDigits(currency: string): number {
  let digits = minorDigitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    minorDigitsCache.set(currency, digits);
  }
  return digits;
}

/** The amount rounded to the currency's minor unit, halves away from zero. */
export function roundMoney(money: Money): Money {
  const scale = 10 ** minorDigits(money.currency);
  const scaled = Math.abs(money.amount) * scale;
  // Binary fractions: 1.005 * 100 is 100.49999…; a nudge of a millionth of the minor unit rounds it as written.
  const rounded = (Math.sign(money.amount) * Math.round(scaled + 1e-6)) / scale;
  return { amount: rounded === 0 ? 0 : rounded, currency: money.currency };
}

/** The sum of amounts in one currency (base, taxes and fees of a price), rounded to its minor unit. */
export function sumMoney(currency: string, amounts: readonly number[]): Money {
  return roundMoney({ amount: amounts.reduce((sum, amount) => sum + amount, 0), currency });
}

function rateOf(currency: string, rates: FxRates): number | null {
  if (currency === "EUR") return 1;
  const rate = rates.perEur.get(currency);
  return rate !== undefined && rate > 0 ? rate : null;
}

/**
 * The amount in `to`, through the euro (the ECB quotes every currency against it), rounded to
 * `to`'s minor unit; null when the rates lack either currency.
 */
export function convertMoney(money: Money, to: string, rates: FxRates): Money | null {
  if (money.currency === to) return roundMoney(money);
  const from = rateOf(money.currency, rates);
  const target = rateOf(to, rates);
  if (from === null || target === null) return null;
  return roundMoney({ amount: (money.amount / from) * target, currency: to });
}

/** Kronor are written whole: no Swedish price list shows öre. */
const WHOLE_UNITS = new Set(["SEK", "NOK", "DKK", "ISK"]);
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat("sv-SE", {
      style: "currency",
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * The amount as a Swedish reader writes it: "1 850 kr", "99,50 €", "99 €", "1 850 Nkr". Kronor
 * rounded to whole units; other currencies with their minor unit unless the amount is whole.
 */
export function formatMoney(money: Money): string {
  const rounded = roundMoney(money);
  const whole = WHOLE_UNITS.has(money.currency) || Number.isInteger(rounded.amount);
  const digits = whole ? 0 : minorDigits(money.currency);
  // Intl writes U+00A0 / U+2212; kept, so an amount never breaks across lines.
  return formatter(money.currency, digits).format(whole ? Math.round(rounded.amount) : rounded.amount);
}

/** The address parameter that picks the display currency (`valuta=EUR`); pages with it are not indexed. */
export const CURRENCY_PARAM = "valuta";

export const isDisplayCurrency = (value: string): value is DisplayCurrency => (DISPLAY_CURRENCIES as readonly string[]).includes(value);

/** The display currency an address asks for; SEK when none or one we do not show. */
export function readDisplayCurrency(params: URLSearchParams): DisplayCurrency {
  const value = (params.get(CURRENCY_PARAM) ?? "").trim().toUpperCase();
  return isDisplayCurrency(value) ? value : HOME_CURRENCY;
}

/**
 * How a page shows amounts compared in SEK: in the visitor's currency at the latest stored rates
 * (the fine print names their day). Plain data, so a loader can hand it to the browser.
 */
export interface PriceDisplay {
  currency: DisplayCurrency;
  /** Units of `currency` per krona (1 for SEK). */
  perSek: number;
  /** YYYY-MM-DD of the rates used, null when none are stored. */
  ratesDate: string | null;
}

export const SEK_DISPLAY: PriceDisplay = { currency: HOME_CURRENCY, perSek: 1, ratesDate: null };

/** The display for a currency at the given rates; SEK when the rates lack it (or there are none). */
export function priceDisplay(currency: DisplayCurrency, rates: FxRates | null): PriceDisplay {
  const ratesDate = rates?.date ?? null;
  if (currency === HOME_CURRENCY || !rates) return { ...SEK_DISPLAY, ratesDate };
  const perSek = convertMoney({ amount: 1_000_000, currency: HOME_CURRENCY }, currency, rates);
  return perSek ? { currency, perSek: perSek.amount / 1_000_000, ratesDate } : { ...SEK_DISPLAY, ratesDate };
}

/** An amount compared in SEK, written in the display's currency: "1 850 kr", "160 €". */
export function formatSek(amountSek: number, display: PriceDisplay = SEK_DISPLAY): string {
  return formatMoney({ amount: amountSek * display.perSek, currency: display.currency });
}

const wholeNumber = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 0 });

/**
 * An amount compared in SEK as a narrow table cell writes it (the price calendar's seven columns on
 * a phone): whole units of the display currency, no sign ("1 650"); the table's caption names the
 * currency (currencyWord) and each cell's accessible name has the whole amount (formatSek).
 */
export function formatSekCompact(amountSek: number, display: PriceDisplay = SEK_DISPLAY): string {
  return wholeNumber.format(Math.round(roundMoney({ amount: amountSek * display.perSek, currency: display.currency }).amount));
}

const CURRENCY_SIGNS: Record<DisplayCurrency, string> = { SEK: "kr", EUR: "€", NOK: "Nkr", DKK: "Dkr" };
/** The sign a display currency's amounts carry ("kr", "€"), for a caption over amounts written without it. */
export const currencySign = (currency: DisplayCurrency) => CURRENCY_SIGNS[currency];

/** A euro reference rate of the ECB for one currency and day. */
export interface EcbRate {
  /** The business day the rate is for, YYYY-MM-DD. */
  date: string;
  currency: string;
  /** Units of `currency` per euro, as written (a decimal string, kept exact). */
  perEur: string;
}
