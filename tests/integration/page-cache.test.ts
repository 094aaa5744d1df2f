/**
 * The page cache against addresses nobody asks for twice (decision 046): parameters a page does
 * not read (utm_*, gclid, `?bust=<random>`) share the page's one copy instead of each rendering
 * and keeping another; the order of the parameters a page does read makes no second copy; and
 * a flood of addresses asked for once each, valid ones included (`?search=<random>`), keeps
 * nothing, so the pages visitors keep asking for stay kept. Behaviour only, no timing: the
 * figures are in scripts/bench-page-cache-flood.ts.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_PARAMS } from "#app/hotels/read-params.server.ts";
import { Browser, startTestApp, type TestApp } from "#tests/app-server.ts";
import { isAdminRoute, routeTable } from "./route-table.ts";

const MAX_ENTRIES = 20;
let app: TestApp;
let cacheSize: () => number;

beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE_TTL_MS: "600000", PAGE_CACHE_MAX_ENTRIES: String(MAX_ENTRIES), SERVER_TIMING: "all" });
  const { seedDemoCatalogue } = await app.importApp<typeof import("#app/operations/seed.server.ts")>("app/operations/seed.server.ts");
  // The next month of prices: no stay asked for here is later, and a year of them cost CPU (decision 083).
  await seedDemoCatalogue({ hotels: 60, prices: "near" }, await app.db());
  const { getAppPageCache } = await app.importApp<typeof import("#app/http/page-cache.server.ts")>("app/http/page-cache.server.ts");
  cacheSize = () => getAppPageCache()!.size;
});
afterAll(async () => {
  await app?.close();
});

const cache = (response: Response) => /cache;desc=(\w+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
const random = () => crypto.randomBytes(6).toString("hex");

/** Asks for a page until it is kept (its second request keeps it), and checks that it is. */
async function keep(path: string): Promise<string> {
  const browser = new Browser(app.origin);
  await browser.get(path);
  const html = await (await browser.get(path)).text();
  expect(cache(await browser.get(path))).toBe("hit");
  return html;
}

describe("the page cache", () => {
  it("knows, for every page of the public site, which query parameters it reads", () => {
    const publicRoutes = routeTable.filter((route) => !isAdminRoute(route) && route.id !== "routes/site/layout");
    expect(publicRoutes.map((route) => route.id).filter((id) => !(id in READ_PARAMS))).toEqual([]);
  });

  it("serves the page's own copy for parameters it does not read: tracking, junk, and a page that reads none", async () => {
    const html = await keep("/hotels?sortera=pris");
    const size = cacheSize();
    for (const junk of ["utm_source=nyhetsbrev&utm_medium=e-post", "gclid=abc123", "fbclid=x", `bust=${random()}`]) {
      const answer = await new Browser(app.origin).get(`/hotels?${junk}&sortera=pris`);
      expect(answer.status).toBe(200);
      expect(cache(answer)).toBe("hit");
      expect(await answer.text()).toBe(html);
    }
    await keep("/about");
    expect(cache(await new Browser(app.origin).get(`/about?bust=${random()}`))).toBe("hit");
    expect(cacheSize()).toBe(size + 1);
  });

  it("serves a place's pages one copy whatever place fields the address adds, and a landmark page whatever `nara`", async () => {
    const plain = await keep("/Sweden/Stockholm");
    const landmark = await keep("/Sweden/Stockholm/nara/centralstationen");
    for (const extra of ["country=Norway", "location=Oslo", "destination=Bergen"]) {
      const answer = await new Browser(app.origin).get(`/Sweden/Stockholm?${extra}`);
      expect(cache(answer)).toBe("hit");
      expect(await answer.text()).toBe(plain);
    }
    const other = await new Browser(app.origin).get(`/Sweden/Stockholm/nara/centralstationen?nara=${random()}&location=Oslo`);
    expect(cache(other)).toBe("hit");
    expect(await other.text()).toBe(landmark);
  });

  it("never lets a parameter the page does not read into what it renders", async () => {
    const answer = await new Browser(app.origin).get(`/hotels?bust=hemligt-${random()}&sortera=stjarnor`);
    const html = await answer.text();
    expect(html).toContain('href="/hotels?sortera=stjarnor&amp;sida=2"');
    expect(html).not.toContain("hemligt-");
  });

  it("hands a page's data request the parameters its page reads, the home page's /_.data too", async () => {
    // A visitor with JavaScript choosing a place chip: the router asks /_.data?plats=…, not /?plats=….
    const chips = [...(await (await new Browser(app.origin).get("/")).text()).matchAll(/href="\/\?plats=([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(chips.length).toBeGreaterThan(1);
    const data = async (path: string) => (await new Browser(app.origin).get(path)).text();
    // The second chip's hotels, not the first's (the default), which the data without plats=… holds.
    expect(await data(`/_.data?plats=${chips[1]}`)).not.toBe(await data("/_.data"));
    expect(await data(`/_.data?plats=${chips[1]}&utm_source=x`)).toBe(await data(`/_.data?plats=${chips[1]}`));
    const list = await (await new Browser(app.origin).get("/hotels.data?search=Oslo&bust=1")).text();
    expect(list).toContain('"Oslo"');
    expect(list).not.toContain("bust");
  });

  it("keeps one copy whatever the order of the parameters, and a repeated one counts as the page reads it", async () => {
    const html = await keep("/hotels?search=spa&sortera=betyg&bekvamlighet=wifi&bekvamlighet=pool");
    const reordered = await new Browser(app.origin).get("/hotels?bekvamlighet=wifi&sortera=betyg&bekvamlighet=pool&search=spa");
    expect(cache(reordered)).toBe("hit");
    expect(await reordered.text()).toBe(html);
    // Page 2 is another page: its own copy.
    expect(cache(await new Browser(app.origin).get("/hotels?search=spa&sortera=betyg&bekvamlighet=wifi&bekvamlighet=pool&sida=2"))).toBe(
      "miss",
    );
  });

  it("keeps nothing for a flood of addresses asked for once each, and the kept pages stay", async () => {
    const kept = ["/", "/hotels", "/blog"];
    for (const path of kept) await keep(path);
    const size = cacheSize();
    // Five times as many as the cache holds, valid and not.
    for (let i = 0; i < MAX_ENTRIES * 5; i++) {
      const path = i % 2 ? `/hotels?search=${random()}` : `/finns-inte-${random()}`;
      expect((await new Browser(app.origin).get(path)).status).toBeLessThan(500);
    }
    expect(cacheSize()).toBe(size);
    for (const path of kept) expect(cache(await new Browser(app.origin).get(path)), path).toBe("hit");
  });
});
