/**
 * A stand-in for Booking.com's Demand API v3.2 as a real HTTP server on this machine, answering
 * POST …/accommodations/search and …/accommodations/availability with the answers of
 * tests/msw/booking-demand.ts's builders. How it answers (a delay, a failure) is set per start
 * and can be changed while it runs: for the live-prices benchmark, browser tests and manual runs
 * with BOOKING_DEMAND_URL=http://127.0.0.1:3299/3.2 (the environment allows http to loopback).
 *
 *   node tests/booking-demand-stand-in.ts [port=3299] [behaviour=ok] [delayMs=0]
 *
 * It checks the headers the real API needs (a bearer token and X-Affiliate-Id: 401 without them)
 * but accepts any values.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  BOOKING_BEHAVIOURS,
  bookingDemandReply,
  bookingErrorAnswer,
  type BookingBehaviour,
  type BookingPath,
} from "#tests/msw/booking-demand.ts";

export interface BookingStandInSettings {
  behaviour?: BookingBehaviour;
  /** Wait before every answer (any behaviour), in ms. "slow" without it waits until the client gives up. */
  delayMs?: number;
  /** Results a search page (default the request's rows; "paging" 2). */
  pageSize?: number;
  /** Retry-After of "rate-limited", in seconds. */
  retryAfter?: number;
}

export interface BookingStandInRequest {
  path: BookingPath;
  authorization: string | undefined;
  affiliateId: string | undefined;
  body: unknown;
  /** When it arrived (performance.now()). */
  at: number;
}

export interface BookingStandIn {
  server: http.Server;
  received: BookingStandInRequest[];
  settings: BookingStandInSettings;
  /** Changes how the next requests are answered. */
  set(settings: BookingStandInSettings): void;
}

const PATHS: readonly BookingPath[] = ["accommodations/search", "accommodations/availability"];

export function createBookingDemandStandIn(settings: BookingStandInSettings = {}): BookingStandIn {
  const state: BookingStandIn = {
    server: undefined as unknown as http.Server,
    received: [],
    settings: { ...settings },
    set(next) {
      state.settings = { ...next };
    },
  };
  state.server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      if (req.method === "GET" && req.url === "/health") {
        res.writeHead(200).end("ok");
        return;
      }
      const path = PATHS.find((candidate) => req.url?.split("?")[0]?.endsWith(`/${candidate}`));
      if (req.method !== "POST" || !path) {
        res
          .writeHead(404, { "Content-Type": "application/json" })
          .end(JSON.stringify(bookingErrorAnswer([{ id: "not_found", message: "No such endpoint." }])));
        return;
      }
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // Answered below as the behaviour says; recorded as sent.
      }
      const authorization = req.headers.authorization;
      const affiliateId = req.headers["x-affiliate-id"];
      state.received.push({
        path,
        authorization,
        affiliateId: typeof affiliateId === "string" ? affiliateId : undefined,
        body,
        at: performance.now(),
      });
      const { behaviour = "ok", delayMs, ...options } = state.settings;
      const missingCredentials = !authorization?.startsWith("Bearer ") || !affiliateId;
      const reply = bookingDemandReply(path, body, missingCredentials ? "unauthorized" : behaviour, options);
      const wait = delayMs ?? (behaviour === "slow" ? null : 0);
      if (wait === null) return; // Never answers: the client's abort closes the socket.
      const timer = setTimeout(() => res.writeHead(reply.status, reply.headers).end(reply.body), wait);
      res.on("close", () => clearTimeout(timer));
    });
  });
  return state;
}

/** Starts a stand-in on 127.0.0.1 (a free port unless given); `url` is the API's base URL. */
export async function startBookingDemandStandIn(settings: BookingStandInSettings & { port?: number } = {}) {
  const { port = 0, ...rest } = settings;
  const standIn = createBookingDemandStandIn(rest);
  await new Promise<void>((resolve) => standIn.server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = standIn.server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${bound}/3.2`,
    close: () =>
      new Promise<void>((resolve) => {
        standIn.server.closeAllConnections();
        standIn.server.close(() => resolve());
      }),
  });
}

if (import.meta.main) {
  const port = Number(process.argv[2] ?? 3299);
  const behaviour = (process.argv[3] ?? "ok") as BookingBehaviour;
  if (!BOOKING_BEHAVIOURS.includes(behaviour)) {
    console.error(`behaviour must be one of ${BOOKING_BEHAVIOURS.join(", ")}`);
    process.exit(2);
  }
  const delayMs = process.argv[4] === undefined ? undefined : Number(process.argv[4]);
  const standIn = await startBookingDemandStandIn({ port, behaviour, delayMs });
  console.log(`Booking.com Demand API stand-in (${behaviour}${delayMs ? `, ${delayMs} ms` : ""}) on ${standIn.url}`);
}
