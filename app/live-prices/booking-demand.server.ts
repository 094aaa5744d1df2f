/**
 * Booking.com's Demand API v3.2 as a PartnerConnector (docs/decisions/068-booking-demand-connector.md):
 * POST {baseUrl}/accommodations/search for a page of hotels (at most 100 ids a request, every page
 * of the answer followed through metadata.next_page) and POST {baseUrl}/accommodations/availability
 * for one hotel's products. Every request carries `Authorization: Bearer {token}` and
 * `X-Affiliate-Id`. A call makes no retries: the caller's budget decides, and its AbortSignal ends
 * the requests under way. Anything but a usable answer is a ConnectorError.
 */
import type { ConnectorCallOptions, LiveSearchAnswer, LiveStay, PartnerConnector, PartnerHotel } from "./connector.ts";
import { ConnectorError } from "./connector.ts";
import {
  accommodationId,
  availabilityAnswer,
  availabilityRequest,
  hotelsByAccommodation,
  parseAvailabilityAnswer,
  parseSearchAnswer,
  readErrorAnswer,
  retryAfterSeconds,
  SEARCH_MAX_ACCOMMODATIONS,
  searchAnswer,
  searchRequest,
  type BookingSearchAnswer,
} from "./booking-demand-answer.ts";

export interface BookingDemandOptions {
  /** The API's base URL with its version, e.g. https://demandapi.booking.com/3.2. */
  baseUrl: string;
  token: string;
  /** Our numeric affiliate id (X-Affiliate-Id, and `aid` in the landing URLs). */
  affiliateId: string;
  /** The booker currency asked for (ISO 4217); prices come in it. Default SEK: our visitors' currency. */
  currency?: string;
  /** The pages of one search chunk followed at most (a chunk of 100 ids fits one page of 100 rows). */
  maxPages?: number;
  fetch?: typeof fetch;
}

type Path = "accommodations/search" | "accommodations/availability";

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createBookingDemandConnector(options: BookingDemandOptions): PartnerConnector {
  const base = options.baseUrl.replace(/\/+$/, "");
  const currency = options.currency ?? "SEK";
  const maxPages = options.maxPages ?? 5;
  // Looked up per call: a test's interceptor (or any wrapper) installed after this was made applies.
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);

  /** One POST: its JSON body, or the ConnectorError its failure is. */
  async function post(path: Path, body: unknown, signal: AbortSignal): Promise<unknown> {
    const ended = (error: unknown) =>
      signal.aborted
        ? new ConnectorError("timeout", `Booking.com did not answer ${path} in time`, { cause: error })
        : new ConnectorError("network", `Booking.com could not be reached for ${path}: ${errorText(error)}`, { cause: error });
    if (signal.aborted) throw ended(signal.reason);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}/${path}`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${options.token}`,
          "X-Affiliate-Id": options.affiliateId,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify(body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      throw ended(error);
    }
    if (!response.ok) throw failureOf(path, response, text);
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new ConnectorError("malformed", `Booking.com's ${path} answer is not JSON`, { status: response.status, cause: error });
    }
  }

  /** Every page of one chunk's search. */
  async function searchChunk(stay: LiveStay, ids: readonly number[], signal: AbortSignal): Promise<BookingSearchAnswer[]> {
    const body = searchRequest(stay, ids, currency);
    const pages: BookingSearchAnswer[] = [];
    let page: string | undefined;
    for (;;) {
      const answer = parseSearchAnswer(await post("accommodations/search", page ? { ...body, page } : body, signal));
      pages.push(answer);
      const next = answer.metadata?.next_page;
      if (!next) return pages;
      if (pages.length >= maxPages || next === page) {
        throw new ConnectorError("malformed", `Booking.com's search for ${ids.length} hotels ran past ${pages.length} pages`, {
          requestId: answer.request_id ?? null,
        });
      }
      page = next;
    }
  }

  return {
    partnerId: "booking",
    partnerName: "Booking.com",

    async search(stay: LiveStay, hotels: readonly PartnerHotel[], { signal }: ConnectorCallOptions): Promise<LiveSearchAnswer> {
      const ids = [...hotelsByAccommodation(hotels).keys()];
      if (!ids.length) return { quotes: [], unavailable: [] };
      const chunks: number[][] = [];
      for (let start = 0; start < ids.length; start += SEARCH_MAX_ACCOMMODATIONS)
        chunks.push(ids.slice(start, start + SEARCH_MAX_ACCOMMODATIONS));
      // The chunks side by side (the caller's budget is for the whole call); the first failure ends the others.
      const sibling = new AbortController();
      const together = AbortSignal.any([signal, sibling.signal]);
      try {
        const pages = await Promise.all(
          chunks.map((chunk) =>
            searchChunk(stay, chunk, together).catch((error: unknown) => {
              sibling.abort();
              throw error;
            }),
          ),
        );
        return searchAnswer(pages.flat(), hotels, stay, options.affiliateId);
      } finally {
        sibling.abort();
      }
    },

    async availability(stay: LiveStay, hotel: PartnerHotel, { signal }: ConnectorCallOptions): Promise<LiveSearchAnswer> {
      const id = accommodationId(hotel.partnerHotelId);
      // Not an id Booking.com can have: nothing to ask.
      if (id === null) return { quotes: [], unavailable: [] };
      const answer = parseAvailabilityAnswer(await post("accommodations/availability", availabilityRequest(stay, [id], currency), signal));
      return availabilityAnswer(answer, hotel, stay, options.affiliateId);
    },
  };
}

/** The ConnectorError of an HTTP error answer (the body `{request_id, errors}` when it is one). */
function failureOf(path: Path, response: Response, text: string): ConnectorError {
  const status = response.status;
  const { requestId, messages } = readErrorAnswer(text);
  const said = messages.length ? `: ${messages.join("; ")}` : "";
  const details = { status, requestId };
  if (status === 401 || status === 403) {
    return new ConnectorError("unauthorized", `Booking.com refused our credentials for ${path} (${status})${said}`, details);
  }
  if (status === 429) {
    return new ConnectorError("rate-limited", `Booking.com asked us to slow down on ${path} (429)${said}`, {
      ...details,
      retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after")),
    });
  }
  if (status >= 500) return new ConnectorError("server-error", `Booking.com failed on ${path} (${status})${said}`, details);
  return new ConnectorError("rejected", `Booking.com rejected ${path} (${status})${said}`, details);
}
