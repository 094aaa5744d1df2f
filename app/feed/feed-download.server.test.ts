/**
 * The feed download against an msw stand-in for partners' servers: the file arrives whole; an
 * HTTP error, a slow server, a file over the cap (declared or not, gzip or not) and redirects to
 * http:// or to a private address are refused with a message an operator can act on.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadFeed, feedUrlProblem, FeedDownloadError } from "./feed-download.server.ts";

const FEED = "https://feeds.partner.example/prices.csv";
const BODY = "hotel_id,date,adults,rooms,currency,base\nH1,2027-03-12,2,1,SEK,1000\n";

const server = setupServer(
  http.get(FEED, () => new HttpResponse(BODY, { headers: { "content-type": "text/csv" } })),
  http.get("https://feeds.partner.example/moved", () => new HttpResponse(null, { status: 302, headers: { location: "/hop" } })),
  http.get("https://feeds.partner.example/hop", () => new HttpResponse(null, { status: 301, headers: { location: FEED } })),
  http.get("https://feeds.partner.example/to-metadata", () => HttpResponse.redirect("https://169.254.169.254/latest/meta-data/", 302)),
  http.get("https://feeds.partner.example/to-http", () => HttpResponse.redirect("http://feeds.partner.example/prices.csv", 302)),
  http.get("https://feeds.partner.example/loop", () => HttpResponse.redirect("https://feeds.partner.example/loop", 302)),
  http.get("https://feeds.partner.example/missing", () => new HttpResponse("Not here", { status: 404, statusText: "Not Found" })),
  http.get("https://feeds.partner.example/slow", async () => {
    await delay("infinite");
    return new HttpResponse(BODY);
  }),
  http.get(
    "https://feeds.partner.example/big-declared",
    () => new HttpResponse("x".repeat(5000), { headers: { "content-length": "5000" } }),
  ),
  http.get("https://feeds.partner.example/big-stream", () => {
    const chunk = new TextEncoder().encode("y".repeat(1000));
    let sent = 0;
    return new HttpResponse(
      new ReadableStream({
        pull(controller) {
          if (sent++ < 10) controller.enqueue(chunk);
          else controller.close();
        },
      }),
    );
  }),
  http.get("https://feeds.partner.example/bomb.gz", () => {
    const gzipped = zlib.gzipSync(Buffer.alloc(100_000, 0x20));
    return new HttpResponse(gzipped, { headers: { "content-encoding": "gzip", "content-length": String(gzipped.length) } });
  }),
  http.get(
    "https://feeds.partner.example/small.gz",
    () => new HttpResponse(zlib.gzipSync(BODY), { headers: { "content-encoding": "gzip" } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-download-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const target = () => path.join(dir, `feed-${n++}`);

const options = { maxBytes: 4096, timeoutMs: 5000 };
const failure = async (url: string, opts = options) => {
  const error = await downloadFeed(url, target(), opts).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FeedDownloadError);
  return (error as Error).message;
};

describe("downloadFeed", () => {
  it("writes the file as sent, following checked redirects, and says where it came from", async () => {
    const file = target();
    await expect(downloadFeed("https://feeds.partner.example/moved", file, options)).resolves.toEqual({ url: FEED, bytes: BODY.length });
    expect(fs.readFileSync(file, "utf8")).toBe(BODY);
  });

  it("reads a gzip body", async () => {
    const file = target();
    await downloadFeed("https://feeds.partner.example/small.gz", file, options);
    expect(fs.readFileSync(file, "utf8")).toBe(BODY);
  });

  it("refuses a redirect to a private address or to http://, and endless redirects", async () => {
    expect(await failure("https://feeds.partner.example/to-metadata")).toBe(
      "https://feeds.partner.example/to-metadata redirected to https://169.254.169.254/latest/meta-data/, which is on a local or private address (this machine, a private network, a cloud metadata service): refused.",
    );
    expect(await failure("https://feeds.partner.example/to-http")).toMatch(
      /redirected to http:\/\/feeds\.partner\.example\/prices\.csv, which is not https: refused\.$/,
    );
    expect(await failure("https://feeds.partner.example/loop")).toBe(
      "More than 5 redirects, the last to https://feeds.partner.example/loop: refused.",
    );
  });

  it("names the HTTP error", async () => {
    expect(await failure("https://feeds.partner.example/missing")).toBe("https://feeds.partner.example/missing answered 404 Not Found.");
  });

  it("gives up on a server that does not send the file in time", async () => {
    expect(await failure("https://feeds.partner.example/slow", { maxBytes: 4096, timeoutMs: 200 })).toBe(
      "https://feeds.partner.example/slow did not send the whole file within 0.2 s (FEED_TIMEOUT_SECONDS).",
    );
  });

  it("refuses a file over the cap, whether its length is declared, streamed or hidden in gzip", async () => {
    const message = "The file is larger than the limit of 4 kB (FEED_MAX_BYTES): nothing was imported.";
    expect(await failure("https://feeds.partner.example/big-declared")).toBe(message);
    expect(await failure("https://feeds.partner.example/big-stream")).toBe(message);
    expect(await failure("https://feeds.partner.example/bomb.gz")).toBe(message);
  });

  it("refuses a URL that is not https on a public host before asking anyone", () => {
    expect(feedUrlProblem("http://feeds.partner.example/p.csv")).toBe("is not https");
    expect(feedUrlProblem("https://127.0.0.1/p.csv")).toMatch(/local or private/);
    expect(feedUrlProblem("https://user:pw@feeds.partner.example/")).toBe("carries a user name or password");
    expect(feedUrlProblem(FEED)).toBeNull();
  });
});
