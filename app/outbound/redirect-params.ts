/**
 * The affiliate redirect page /redirect: its query
 * parameters, read strictly for the destination and leniently for the rest, and the small
 * pure helpers the page and the booking buttons share. No I/O here.
 */
import { href } from "react-router";
import { readStay, stayEntries, todayInSweden, type Stay } from "#app/utils/stay.ts";
import { z } from "#app/utils/zod.ts";

/** Seconds the page counts down before it forwards to a known partner. */
export const REDIRECT_DELAY_SECONDS = 3;

export const MAX_DESTINATION_LENGTH = 2048;
export const MAX_SOURCE_LENGTH = 40;
export const MAX_HOTEL_LENGTH = 100;

// Any C0 control character or DEL. The URL parser would silently drop tabs and newlines
// ("java\tscript:"), so we refuse them instead of guessing what was meant.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * `to`: an absolute http(s) URL, written out with its scheme and '//' (so neither
 * '//evil.example' nor the parser's lenient 'http:evil.example' pass), with a host and
 * without credentials ('https://www.booking.com@evil.example/' is a phishing device, never
 * a partner link). The result is the parser's normalised URL: lower-case host, IDN as
 * punycode, unsafe characters percent-encoded.
 */
const destinationSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_DESTINATION_LENGTH)
  .refine((value) => !CONTROL_CHARACTERS.test(value), { message: "control characters" })
  .refine((value) => /^https?:\/\//i.test(value), { message: "must start with http:// or https://" })
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "not a URL" });
      return z.NEVER;
    }
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) {
      ctx.addIssue({ code: "custom", message: "must be an http(s) URL with a host" });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: "custom", message: "must not carry credentials" });
      return z.NEVER;
    }
    return url;
  });

/** `source`: where the link was (e.g. booking-sidebar). Anything else is dropped, not an error. */
const sourceSchema = z
  .string()
  .trim()
  .max(MAX_SOURCE_LENGTH)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/)
  .optional()
  .catch(undefined);

/** `hotel`: the hotel page's last path segment. Anything unusable is dropped. */
const hotelSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_HOTEL_LENGTH)
  .refine((value) => !CONTROL_CHARACTERS.test(value))
  .optional()
  .catch(undefined);

/**
 * `hotell`: the hotel's id (a uuid), so the page can name and show the hotel. Only ever used to
 * look a hotel up for display: it changes neither the destination nor whether it is trusted.
 * Anything but a uuid is dropped.
 */
const hotelIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
  .transform((value) => value.toLowerCase())
  .optional()
  .catch(undefined);

export const redirectParamsSchema = z.object({
  to: destinationSchema,
  source: sourceSchema,
  hotel: hotelSchema,
  hotell: hotelIdSchema,
});

export type RedirectRequest =
  /** No `to` at all (or an empty one): the spec's "Redirect Error" flash and a trip home. */
  | { kind: "missing" }
  /** A `to` that is not an absolute http(s) URL: 400. */
  | { kind: "invalid" }
  | {
      kind: "valid";
      /** The normalised destination (URL#href), safe to put in a link or a meta refresh. */
      destination: string;
      /** Host with a non-default port, lower case: what is matched against partner hosts. */
      host: string;
      source: string | null;
      hotel: string | null;
      /** The hotel's id (`hotell`), for showing the hotel only; null when absent or not a uuid. */
      hotelId: string | null;
      /** The visitor's stay, read leniently: what cannot be used is left out. */
      stay: Stay;
    };

/** Reads /redirect's query string. Repeated parameters: the first counts. `today` as todayInSweden(). */
export function readRedirectParams(params: URLSearchParams, today: string = todayInSweden()): RedirectRequest {
  const to = params.get("to");
  if (to === null || to.trim() === "") return { kind: "missing" };
  const result = redirectParamsSchema.safeParse({
    to,
    source: params.get("source") ?? undefined,
    hotel: params.get("hotel") ?? undefined,
    hotell: params.get("hotell") ?? undefined,
  });
  if (!result.success) return { kind: "invalid" };
  const { to: url, source, hotel, hotell } = result.data;
  return {
    kind: "valid",
    destination: url.href,
    host: url.host,
    source: source || null,
    hotel: hotel || null,
    hotelId: hotell ?? null,
    stay: readStay(params, today).stay,
  };
}

/**
 * The host of an affiliate URL as /redirect compares it (URL#host: lower case, default port
 * dropped), or null when the value is not an http(s) URL.
 */
export function affiliateHost(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url.host : null;
  } catch {
    return null;
  }
}

/** Exact host match (port included), so a partner's host never vouches for its neighbours. */
export function isKnownHost(host: string, knownHosts: Iterable<string>): boolean {
  const wanted = host.toLowerCase();
  for (const known of knownHosts) if (known.toLowerCase() === wanted) return true;
  return false;
}

/**
 * The link a booking button uses: /redirect?to=…&source=…&hotel=…&hotell=… and the visitor's stay
 * (incheckning, utcheckning, vuxna, rum), which /redirect records and fills into the partner's deep link.
 * `hotelId` (the hotel's uuid, as `hotell`) lets the page show which hotel the visitor is on the way to.
 */
export function redirectPath(to: string, options: { source?: string; hotel?: string; hotelId?: string; stay?: Stay } = {}): string {
  const query = new URLSearchParams({ to });
  if (options.source) query.set("source", options.source);
  if (options.hotel) query.set("hotel", options.hotel);
  if (options.hotelId) query.set("hotell", options.hotelId);
  for (const [name, value] of options.stay ? stayEntries(options.stay) : []) query.set(name, value);
  return `${href("/redirect")}?${query.toString()}`;
}

/** 'om 3 sekunder', 'om 2 sekunder', 'om 1 sekund'. */
export function countdownLabel(seconds: number): string {
  return `om ${seconds} ${seconds === 1 ? "sekund" : "sekunder"}`;
}

/** The content of the no-JS `<meta http-equiv="refresh">` (HTML's syntax wants the space before url=). */
export function refreshContent(destination: string, seconds = REDIRECT_DELAY_SECONDS): string {
  return `${seconds}; url=${destination}`;
}
