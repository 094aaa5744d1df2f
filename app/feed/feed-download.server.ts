/**
 * Downloads a partner's price feed (or the ECB's rates) into a file, for the importer to read
 * from disk like any other file: over https only, streamed (never whole in memory), at most
 * `maxBytes` after decompression, within `timeoutMs` from the first request to the last byte.
 * Our own server makes these requests, so every hop is checked as the partners screen checks
 * the URL (https, a public host), and the addresses a name resolves to are checked when the
 * connection is made: a public name pointing at a private or metadata address is refused too.
 */
import dns from "node:dns";
import fs from "node:fs";
import https from "node:https";
import type { IncomingMessage } from "node:http";
import type { LookupFunction } from "node:net";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { fetchableUrlProblem, isPublicHost } from "#app/utils/public-host.ts";
import { formatBytes } from "./feed-records.server.ts";
import { getEnv } from "#app/utils/env.server.ts";

/** A download that did not give a whole file; the message says why, for the partners screen. */
export class FeedDownloadError extends Error {
  override name = "FeedDownloadError";
}

export interface DownloadOptions {
  maxBytes: number;
  timeoutMs: number;
  /** Redirects followed at most (each one checked). */
  maxRedirects?: number;
  /** Stops the download (the server shutting down). */
  signal?: AbortSignal;
}

export interface DownloadedFeed {
  /** The address the file came from, after redirects. */
  url: string;
  bytes: number;
}

const MAX_REDIRECTS = 5;

const URL_PROBLEMS = {
  invalid: "is not a URL",
  scheme: "is not https",
  credentials: "carries a user name or password",
  "not-public": "is on a local or private address (this machine, a private network, a cloud metadata service)",
} as const;

/** What is wrong with `address` as a place for our server to fetch from, or null. */
export function feedUrlProblem(address: string): string | null {
  const problem = fetchableUrlProblem(address);
  return problem && URL_PROBLEMS[problem];
}

/** Resolves a name as usual, then refuses it when any of its addresses is not public. */
const publicAddressesOnly: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const refused = addresses.find((entry) => !isPublicHost(entry.family === 6 ? `[${entry.address}]` : entry.address));
    if (refused) {
      return callback(
        new FeedDownloadError(`${hostname} resolves to ${refused.address}, a local or private address: refused.`) as NodeJS.ErrnoException,
        "",
        0,
      );
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return first ? callback(null, first.address, first.family) : callback(new Error(`${hostname} has no address`), "", 0);
  });
};

function get(url: string, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, {
      signal,
      lookup: publicAddressesOnly,
      headers: { accept: "*/*", "accept-encoding": "gzip", "user-agent": `${getEnv().SITE_NAME} price feed fetcher` },
    });
    request.once("response", resolve);
    request.once("error", reject);
  });
}

/** Counts the bytes that pass and stops the stream once they exceed the cap. */
function byteCap(maxBytes: number, counted: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) done(new FeedDownloadError(tooLarge(maxBytes)));
      else done(null, chunk);
    },
  });
}

const tooLarge = (maxBytes: number) =>
  `The file is larger than the limit of ${formatBytes(maxBytes)} (FEED_MAX_BYTES): nothing was imported.`;

/**
 * Fetches `address` into `file` (created; it must not exist). Throws FeedDownloadError with a
 * message for the operator: the URL or a redirect refused, an HTTP error, too large, too slow,
 * or the host unreachable. A partial file is left for the caller to remove.
 */
export async function downloadFeed(address: string, file: string, options: DownloadOptions): Promise<DownloadedFeed> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  let url = address;
  const problem = feedUrlProblem(url);
  if (problem) throw new FeedDownloadError(`The feed URL ${problem}: ${url}`);
  try {
    for (let hop = 0; ; hop++) {
      const response = await get(url, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= maxRedirects) throw new FeedDownloadError(`More than ${maxRedirects} redirects, the last to ${url}: refused.`);
        const next = new URL(response.headers.location, url).href;
        const refused = feedUrlProblem(next);
        if (refused) throw new FeedDownloadError(`${url} redirected to ${next}, which ${refused}: refused.`);
        url = next;
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new FeedDownloadError(`${url} answered ${status} ${response.statusMessage ?? ""}`.trimEnd() + ".");
      }
      const declared = Number(response.headers["content-length"]);
      const encoding = String(response.headers["content-encoding"] ?? "identity").toLowerCase();
      // A declared length is of the body as sent: for an uncompressed body it is the file's size.
      if (encoding === "identity" && declared > options.maxBytes) {
        response.destroy();
        throw new FeedDownloadError(tooLarge(options.maxBytes));
      }
      if (encoding !== "identity" && encoding !== "gzip") {
        response.destroy();
        throw new FeedDownloadError(`${url} sent the file as ${encoding}, which the importer cannot read.`);
      }
      const counted = { bytes: 0 };
      // The cap counts the bytes written, after decompression: a small gzip cannot become a huge file.
      const cap = byteCap(options.maxBytes, counted);
      const out = fs.createWriteStream(file, { flags: "wx" });
      if (encoding === "gzip") await pipeline(response, zlib.createGunzip(), cap, out, { signal });
      else await pipeline(response, cap, out, { signal });
      return { url, bytes: counted.bytes };
    }
  } catch (error) {
    if (error instanceof FeedDownloadError) throw error;
    if (timeout.aborted)
      throw new FeedDownloadError(`${url} did not send the whole file within ${options.timeoutMs / 1000} s (FEED_TIMEOUT_SECONDS).`);
    if (options.signal?.aborted) throw new FeedDownloadError("The server stopped during the download.");
    const cause = error as NodeJS.ErrnoException;
    if (cause.cause instanceof FeedDownloadError) throw cause.cause;
    if (cause.code === "Z_DATA_ERROR" || cause.code === "Z_BUF_ERROR") throw new FeedDownloadError(`${url} sent a broken gzip body.`);
    throw new FeedDownloadError(`Could not fetch ${url}: ${cause.code ?? cause.message}.`);
  }
}
