/**
 * /admin/hotels over HTTP as an administrator against the demo catalogue: filters, pages of
 * 50, sorting, row links, select-all without JavaScript, the affiliate switch, bulk flags and
 * bulk actions on every match (asked first), "Description rewritten" following the text, AI
 * rewrite, affiliate URL generation and the rewrite jobs' list and retry, each checked in the database.
 * (That non-admins are refused is the guard matrix's job: admin-guards.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { foldText } from "#app/utils/fold-text.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always", AFFILIATE_URL_TEMPLATE: "https://partner.example/hotel?q={query}&id={hotel_id}&aid=hg" });
  admin = new Browser(app.origin);
  await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.db();
const rowIds = (html: string) => [...html.matchAll(/name="hotel" value="([^"]+)"/g)].map((m) => m[1]!);
const page = async (query = "") => {
  const response = await admin.get(`/admin/hotels${query}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { html, text: visibleText(html), ids: rowIds(html) };
};
const flashAfter = async (response: Response) => visibleText(await (await admin.follow(response)).text());
/** Waits until the app's worker has finished every rewrite job: one runs at a time. */
const jobsFinished = () =>
  vi.waitFor(
    async () => expect(await (await db()).selectFrom("ai_jobs").select("id").where("status", "=", "running").execute()).toEqual([]),
    { timeout: 30_000, interval: 200 },
  );

describe("the hotel table", () => {
  it("shows at most 50 rows with the count of all matches", async () => {
    const { text, ids } = await page();
    expect(ids).toHaveLength(50);
    expect(text).toContain("Showing first 50 results of 600 total hotels");
    expect(text).toContain("Page 1 of 12");
    for (const heading of ["Name", "Country", "Location", "Affiliate URL", "Description Rewritten", "Actions"])
      expect(text).toContain(heading);
  });

  it("filters by country and place, and ignores a place without a country", async () => {
    const malmo = await page("?country=Sweden&location=Malm%C3%B6");
    const count = await (
      await db()
    )
      .selectFrom("hotels")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("location", "=", "Malmö")
      .executeTakeFirstOrThrow();
    expect(malmo.ids.length).toBe(Math.min(50, Number(count.n)));
    expect(malmo.html).toMatch(/<select id="hotels-location" name="location"(?![^>]*disabled="")/);
    const rows = await (await db()).selectFrom("hotels").select("location").where("hotel_id", "in", malmo.ids).execute();
    expect(new Set(rows.map((row) => row.location))).toEqual(new Set(["Malmö"]));

    const noCountry = await page("?location=Malm%C3%B6");
    expect(noCountry.text).toContain("of 600 total hotels");
    expect(noCountry.html).toMatch(/<select id="hotels-location" name="location"[^>]*disabled=""/);
  });

  it("sets aside a place that is not in the chosen country, and says so (a country changed without JavaScript)", async () => {
    const norway = await page("?country=Norway");
    const moved = await page("?country=Norway&location=Stockholm");
    expect(moved.text).toContain("There is no location “Stockholm” in Norge, so all of Norge is shown.");
    expect(moved.html).toMatch(/role="status"[^>]*>There is no location/);
    expect(moved.ids).toEqual(norway.ids);
    expect(moved.ids.length).toBeGreaterThan(0);
    // The place select offers Norway's places with none chosen, and the table's posts go back to the filters applied.
    expect(moved.html).not.toMatch(/<option value="Stockholm"/);
    expect(moved.html).toContain('action="/admin/hotels?country=Norway"');
    // A place of the country is kept without a word.
    const bergen = await page("?country=Norway&location=Bergen");
    expect(bergen.text).not.toContain("There is no location");
    expect(bergen.html).toMatch(/<option value="Bergen" selected="">/);
  });

  it("filters by affiliate and rewrite status, and by search", async () => {
    const database = await db();
    const missing = await page("?affiliate=missing&rewrite=rewritten");
    const flags = await database
      .selectFrom("hotels")
      .select(["has_affiliate_url", "is_description_rewritten"])
      .where("hotel_id", "in", missing.ids)
      .execute();
    expect(flags.length).toBeGreaterThan(0);
    expect(flags.every((row) => !row.has_affiliate_url && row.is_description_rewritten)).toBe(true);

    const search = await page("?q=Visby");
    const places = await database.selectFrom("hotels").select("location").where("hotel_id", "in", search.ids).execute();
    expect(places.every((row) => row.location === "Visby")).toBe(true);

    expect((await page("?q=no-such-hotel-anywhere")).text).toContain("No hotels found matching the specified filters.");
    // Unknown filter values fall back to "all" instead of failing.
    expect((await page("?affiliate=maybe&rewrite=%3Cscript%3E")).ids).toHaveLength(50);
  });

  it("cuts long affiliate URLs to 57 characters and an ellipsis, with the full URL in the tooltip", async () => {
    const database = await db();
    const long = `https://www.booking.com/hotel/se/${"a".repeat(80)}.html?aid=1`;
    const hotel = await database
      .selectFrom("hotels")
      .select("hotel_id")
      .where("location", "=", "Kiruna")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    await database
      .updateTable("hotels")
      .set({ affiliate_url: long, has_affiliate_url: true })
      .where("hotel_id", "=", hotel.hotel_id)
      .execute();
    const { html } = await page(`?q=${hotel.hotel_id}`);
    expect(html).toContain(`title="${long}"`);
    expect(html).toContain(`>${long.slice(0, 57)}...<`);
    expect(html).toContain(`/redirect?to=${encodeURIComponent(long)}&amp;source=admin-panel&amp;hotel=${hotel.hotel_id}`);
  });

  it("selects all shown rows without JavaScript", async () => {
    const { html } = await page("?country=Sweden&select=all");
    const boxes = [...html.matchAll(/<input type="checkbox"[^>]*name="hotel"[^>]*>/g)].map((m) => m[0]);
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.every((box) => box.includes('checked=""'))).toBe(true);
    expect(rowIds((await page("?country=Sweden")).html)).toHaveLength(boxes.length);
    expect((await page("?country=Sweden")).html).not.toContain('checked=""');
  });
});

describe("changing hotels", () => {
  it("toggles one row's affiliate flag in place and comes back to the same filters", async () => {
    const database = await db();
    const hotel = await database
      .selectFrom("hotels")
      .select(["hotel_id", "has_affiliate_url"])
      .where("location", "=", "Uppsala")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    const response = await admin.post(`/admin/hotels?country=Sweden&location=Uppsala`, {
      intent: "toggle",
      toggle: `affiliate:${hotel.hotel_id}:${!hotel.has_affiliate_url}`,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/hotels?country=Sweden&location=Uppsala");
    expect(await flashAfter(response)).toContain("Hotel updated");
    const after = await database
      .selectFrom("hotels")
      .select("has_affiliate_url")
      .where("hotel_id", "=", hotel.hotel_id)
      .executeTakeFirstOrThrow();
    expect(after.has_affiliate_url).toBe(!hotel.has_affiliate_url);
  });

  it("shows 'Description rewritten' as whether a rewritten text exists, never as a switch of its own", async () => {
    const database = await db();
    // Whoever writes the flag, the database derives it from the text.
    const [withText, withoutText] = await Promise.all([
      database
        .selectFrom("hotels")
        .select("hotel_id")
        .where("rewritten_text", "is not", null)
        .orderBy("hotel_id")
        .executeTakeFirstOrThrow(),
      database.selectFrom("hotels").select("hotel_id").where("rewritten_text", "is", null).orderBy("hotel_id").executeTakeFirstOrThrow(),
    ]);
    const flag = async (hotelId: string) =>
      (await database.selectFrom("hotels").select("is_description_rewritten").where("hotel_id", "=", hotelId).executeTakeFirstOrThrow())
        .is_description_rewritten;
    await database.updateTable("hotels").set({ is_description_rewritten: true }).where("hotel_id", "=", withoutText.hotel_id).execute();
    expect(await flag(withoutText.hotel_id)).toBe(false);
    await database.updateTable("hotels").set({ is_description_rewritten: false }).where("hotel_id", "=", withText.hotel_id).execute();
    expect(await flag(withText.hotel_id)).toBe(true);
    await database.updateTable("hotels").set({ rewritten_text: "   " }).where("hotel_id", "=", withoutText.hotel_id).execute();
    expect(await flag(withoutText.hotel_id)).toBe(false);
    await database.updateTable("hotels").set({ rewritten_text: null }).where("hotel_id", "=", withoutText.hotel_id).execute();

    // The filter reads the text, and a rewritten row links to reverting it (which asks first).
    const rewritten = await page("?rewrite=rewritten");
    const notRewritten = await page("?rewrite=not-rewritten");
    const texts = async (ids: string[]) =>
      (await database.selectFrom("hotels").select("rewritten_text").where("hotel_id", "in", ids).execute()).map(
        (row) => row.rewritten_text,
      );
    expect((await texts(rewritten.ids)).every((text) => Boolean(text?.trim()))).toBe(true);
    expect((await texts(notRewritten.ids)).every((text) => !text?.trim())).toBe(true);
    expect(rewritten.html).toContain(`href="/admin/rewrite?hotel=${encodeURIComponent(rewritten.ids[0]!)}&amp;revert=1"`);
    expect(notRewritten.html).not.toContain("revert=1");
    expect(rewritten.html).not.toContain('value="rewritten:');
    for (const label of ["Mark as rewritten", "Mark as not rewritten"]) expect(rewritten.text).not.toContain(label);

    // The old switches are no longer intents: refused, nothing changed.
    const oldSwitches: Record<string, string>[] = [
      { intent: "toggle", toggle: `rewritten:${withoutText.hotel_id}:true` },
      { intent: "set-rewritten", hotel: withoutText.hotel_id },
      { intent: "unset-rewritten", hotel: withText.hotel_id },
    ];
    for (const fields of oldSwitches) {
      const response = await admin.post("/admin/hotels", fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await flag(withoutText.hotel_id)).toBe(false);
    expect(await flag(withText.hotel_id)).toBe(true);
  });

  it("sets and unsets flags in bulk for the selected hotels only", async () => {
    const database = await db();
    const { ids } = await page("?country=Norway&location=Bergen");
    const chosen = ids.slice(0, 3);
    const response = await admin.request("/admin/hotels?country=Norway&location=Bergen", {
      method: "POST",
      body: new URLSearchParams([["intent", "unset-affiliate"], ...chosen.map((id) => ["hotel", id])]),
      headers: { Origin: app.origin, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.headers.get("Location")).toBe("/admin/hotels?country=Norway&location=Bergen");
    expect(await flashAfter(response)).toContain("Unset affiliate flag: 3 hotels.");
    const rows = await database.selectFrom("hotels").select(["hotel_id", "has_affiliate_url"]).where("location", "=", "Bergen").execute();
    for (const row of rows) if (chosen.includes(row.hotel_id)) expect(row.has_affiliate_url).toBe(false);
    expect(rows.filter((row) => !chosen.includes(row.hotel_id)).some((row) => row.has_affiliate_url)).toBe(true);
  });

  it("answers an empty selection with 'No hotels selected'", async () => {
    const response = await admin.post("/admin/hotels?rewrite=rewritten", { intent: "set-affiliate" });
    expect(response.headers.get("Location")).toBe("/admin/hotels?rewrite=rewritten");
    const text = await flashAfter(response);
    expect(text).toContain("No hotels selected");
    expect(text).toContain("Select at least one hotel to set the affiliate flag.");
  });

  it("says which engine the bulk rewrite runs, and starts it with the local engine", async () => {
    const { ids, text: table } = await page("?country=Sweden");
    expect(table).toContain("Engine: local (writes a Swedish description from the hotel");
    const response = await admin.post("/admin/hotels?country=Sweden", { intent: "rewrite-ai", hotel: ids[0]! });
    expect(response.headers.get("Location")).toMatch(/^\/admin\/jobs\/[0-9a-f-]{36}$/);
    expect(await flashAfter(response)).toContain("Rewrite started");
    const jobs = await (await db()).selectFrom("ai_jobs").select("total").execute();
    expect(jobs).toEqual([{ total: 1 }]);
  });

  it("starts one of two rewrites posted at the same moment, and names the running job to the other", async () => {
    await jobsFinished();
    const { jobRunner } = await app.importApp<typeof import("#app/jobs/job-queue.server.ts")>("app/jobs/job-queue.server.ts");
    // The runner waits, so the first job is still running when the second post is answered.
    await jobRunner().pause("ai.rewrite-item");
    try {
      const { ids } = await page("?country=Sweden");
      const [one, two] = await Promise.all(
        [ids.slice(0, 2), ids.slice(2, 4)].map((hotels) =>
          admin.post("/admin/hotels?country=Sweden", [["intent", "rewrite-ai"], ...hotels.map((id): [string, string] => ["hotel", id])]),
        ),
      );
      const locations = [one!, two!].map((response) => response.headers.get("Location"));
      const started = locations.find((location) => location?.startsWith("/admin/jobs/"));
      expect(started).toMatch(/^\/admin\/jobs\/[0-9a-f-]{36}$/);
      expect(locations.filter((location) => location === "/admin/hotels?country=Sweden")).toHaveLength(1);
      const refused = await flashAfter(locations[0] === started ? two! : one!);
      expect(refused).toMatch(
        new RegExp(
          `Another rewrite job is still running: started \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} by ${TEST_ADMIN.email.replace(/\./g, "\\.")}, 0 of 2 hotels done \\(${started}\\)`,
        ),
      );
      expect(await (await db()).selectFrom("ai_jobs").select("id").where("status", "=", "running").execute()).toHaveLength(1);
    } finally {
      await jobRunner().resume("ai.rewrite-item");
    }
    await jobsFinished();
  });

  it("generates partner URLs from the configured template", async () => {
    const database = await db();
    const hotel = await database
      .selectFrom("hotels")
      .select(["hotel_id", "name", "location"])
      .where("location", "=", "Tromsø")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    await database
      .updateTable("hotels")
      .set({ affiliate_url: null, has_affiliate_url: false })
      .where("hotel_id", "=", hotel.hotel_id)
      .execute();
    const response = await admin.post("/admin/hotels", { intent: "generate-affiliate", hotel: hotel.hotel_id });
    expect(await flashAfter(response)).toContain("now link to partner.example");
    const after = await database
      .selectFrom("hotels")
      .select(["affiliate_url", "has_affiliate_url"])
      .where("hotel_id", "=", hotel.hotel_id)
      .executeTakeFirstOrThrow();
    expect(after.has_affiliate_url).toBe(true);
    expect(after.affiliate_url).toBe(
      `https://partner.example/hotel?q=${encodeURIComponent(`${hotel.name} ${hotel.location}`)}&id=${encodeURIComponent(hotel.hotel_id)}&aid=hg`,
    );
  });

  it("answers 400 to an unknown or missing intent, or a malformed switch, without changing anything", async () => {
    const before = await (
      await db()
    )
      .selectFrom("hotels")
      .select(["hotel_id", "has_affiliate_url", "is_description_rewritten"])
      .orderBy("hotel_id")
      .execute();
    const refused: Record<string, string>[] = [
      { intent: "drop-table", hotel: "x" },
      { hotel: before[0]!.hotel_id },
      { toggle: `affiliate:${before[0]!.hotel_id}:true` },
      { intent: "toggle", toggle: "affiliate:x" },
    ];
    for (const fields of refused) {
      const response = await admin.post("/admin/hotels", fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    const after = await (
      await db()
    )
      .selectFrom("hotels")
      .select(["hotel_id", "has_affiliate_url", "is_description_rewritten"])
      .orderBy("hotel_id")
      .execute();
    expect(after).toEqual(before);
  });
});

describe("paging, sorting and row links", () => {
  it("pages through every match 50 at a time, keeping the filters, and shows the last page for one past it", async () => {
    const seen: string[] = [];
    for (let n = 1; n <= 12; n++) seen.push(...(await page(n === 1 ? "" : `?page=${n}`)).ids);
    expect(seen).toHaveLength(600);
    expect(new Set(seen).size).toBe(600);
    const second = await page("?page=2");
    expect(second.text).toContain("Showing results 51–100 of 600 total hotels");
    expect(second.text).toContain("Page 2 of 12");
    expect((await page("?page=99")).ids).toEqual((await page("?page=12")).ids);

    const sweden = await page("?country=Sweden&rewrite=rewritten");
    expect(sweden.html).toContain('href="/admin/hotels?country=Sweden&amp;rewrite=rewritten&amp;page=2"');
    const swedenTwo = await page("?country=Sweden&rewrite=rewritten&page=2");
    const rows = await (
      await db()
    )
      .selectFrom("hotels")
      .select(["country", "rewritten_text"])
      .where("hotel_id", "in", swedenTwo.ids)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.country === "Sweden" && Boolean(row.rewritten_text?.trim()))).toBe(true);
    expect(swedenTwo.ids.some((id) => sweden.ids.includes(id))).toBe(false);
  });

  it("sorts by a column header link, both ways, with aria-sort on the sorted column", async () => {
    const first = await page();
    expect(first.html).toMatch(/<th scope="col" aria-sort="ascending"[^>]*><a [^>]*href="\/admin\/hotels\?order=desc"[^>]*>Name/);
    expect(first.html).toContain('href="/admin/hotels?sort=country"');
    const byCountryDown = await page("?country=&sort=country&order=desc");
    expect(byCountryDown.html).toMatch(/aria-sort="descending"[^>]*><a [^>]*href="\/admin\/hotels\?sort=country"[^>]*>Country/);
    expect(byCountryDown.html.match(/aria-sort=/g)).toHaveLength(1);
    const countries = async (ids: string[]) => {
      const rows = await (await db()).selectFrom("hotels").select(["hotel_id", "country"]).where("hotel_id", "in", ids).execute();
      return ids.map((id) => rows.find((row) => row.hotel_id === id)!.country!);
    };
    const down = await countries(byCountryDown.ids);
    expect(down[0]).toBe("United States");
    expect([...down].sort().reverse()).toEqual(down);
    const up = await countries((await page("?sort=country")).ids);
    expect(up[0]).toBe("Austria");
    // The filter form carries the order along, and paging keeps it.
    expect(byCountryDown.html).toMatch(/<input type="hidden" name="sort" value="country"\/>/);
    expect(byCountryDown.html).toContain('href="/admin/hotels?sort=country&amp;order=desc&amp;page=2"');
  });

  it("shows the country and place in Swedish, as the filters do, and an unnamed hotel as 'Namnlöst hotell', sorted as that", async () => {
    const database = await db();
    const gothenburg = await page("?country=Sweden&location=Gothenburg&sort=name");
    expect(gothenburg.ids.length).toBeGreaterThan(3);
    const unnamed = gothenburg.ids[0]!;
    const stored = await database.selectFrom("hotels").select("name").where("hotel_id", "=", unnamed).executeTakeFirstOrThrow();
    await database.updateTable("hotels").set({ name: null }).where("hotel_id", "=", unnamed).execute();
    try {
      const { html, ids } = await page("?country=Sweden&location=Gothenburg&sort=name");
      const names = [...html.matchAll(/<th scope="row"[^>]*>([^<]*)<span/g)].map((match) => match[1]!);
      expect(names).toHaveLength(ids.length);
      const at = ids.indexOf(unnamed);
      expect(names[at]).toBe("Namnlöst hotell");
      expect(names).not.toContain(unnamed);
      // Among the N's by its shown name, not first by its id.
      const key = (name: string) => foldText(name);
      for (const name of names.slice(0, at)) expect(key(name) <= "namnlost hotell", name).toBe(true);
      for (const name of names.slice(at + 1)) expect(key(name) >= "namnlost hotell", name).toBe(true);
      expect(at).toBeGreaterThan(0);
      // Each row's country and place as the filters name them.
      const cells = [...html.matchAll(/<\/th><td class="px-3 py-2">([^<]*)<\/td><td class="px-3 py-2">([^<]*)<\/td>/g)];
      expect(cells).toHaveLength(ids.length);
      for (const [, country, place] of cells) expect([country, place]).toEqual(["Sverige", "Göteborg"]);
      expect(html).toMatch(/<option value="Gothenburg" selected="">Göteborg<\/option>/);
      // The translation screen's search lists it by that name too.
      expect(visibleText(await (await admin.get("/admin/rewrite?hotel=Gothenburg")).text())).toContain("Namnlöst hotell");
    } finally {
      await database.updateTable("hotels").set({ name: stored.name }).where("hotel_id", "=", unnamed).execute();
    }
  });

  it("links every row to its translation screen and its page on the site", async () => {
    const database = await db();
    const { html, ids } = await page("?country=Sweden&location=Visby");
    const hotel = await database
      .selectFrom("hotels")
      .select(["hotel_id", "name", "country", "location", "slug"])
      .where("hotel_id", "=", ids[0]!)
      .executeTakeFirstOrThrow();
    expect(html).toContain(`href="/admin/rewrite?hotel=${encodeURIComponent(hotel.hotel_id)}"`);
    const publicPath = hotelPath(hotel)!;
    expect(html).toContain(`href="${publicPath}" class="font-medium text-brand-700 underline" lang="sv">Visa på sajten`);
    expect((await new Browser(app.origin).get(publicPath)).status).toBe(200);
    expect(visibleText(html).match(/Visa på sajten/g)).toHaveLength(ids.length);
  });
});

describe("bulk actions on every hotel the filter matches", () => {
  const bergen = "?country=Norway&location=Bergen";
  const bergenFlags = async () =>
    (await (await db()).selectFrom("hotels").select("has_affiliate_url").where("location", "=", "Bergen").execute()).map(
      (row) => row.has_affiliate_url,
    );

  it("offers all matches without JavaScript, with the count, after the rows shown are selected", async () => {
    const count = (await bergenFlags()).length;
    const shown = await page(`${bergen}&select=all`);
    // Bergen fits on one page: nothing more to choose.
    expect(shown.text).not.toContain("matching this filter");
    const sweden = await page("?country=Sweden&select=all");
    const swedenTotal = Number(/of ([\d,]+) total hotels/.exec(sweden.text)![1]!.replace(",", ""));
    expect(sweden.html).toContain('href="/admin/hotels?country=Sweden&amp;select=matching"');
    expect(sweden.text).toContain(`Select all ${swedenTotal} hotels matching this filter`);
    const matching = await page("?country=Sweden&select=matching");
    expect(matching.text).toContain(`Apply to all ${swedenTotal} hotels matching this filter:`);
    expect(matching.html).toContain('<input type="hidden" name="scope" value="all"/>');
    expect(count).toBeGreaterThan(0);
  });

  it("asks first with the count, then sets the flag of every match (and only those)", async () => {
    const database = await db();
    await database.updateTable("hotels").set({ has_affiliate_url: false }).where("location", "in", ["Bergen", "Oslo"]).execute();
    const count = (await bergenFlags()).length;

    const asked = await admin.post(`/admin/hotels${bergen}`, { intent: "set-affiliate", scope: "all" });
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(visibleText(question)).toContain(`Set affiliate flag: apply to all ${count} hotels matching this filter?`);
    expect(question).toMatch(/role="alertdialog"/);
    expect(question).toContain('name="confirm" value="yes"');
    expect(question).toContain(`name="expected" value="${count}"`);
    expect(await bergenFlags()).not.toContain(true);

    // A count that no longer holds asks again, with the new one.
    const stale = await admin.post(`/admin/hotels${bergen}`, { intent: "set-affiliate", scope: "all", confirm: "yes", expected: "1" });
    expect(stale.status).toBe(200);
    expect(visibleText(await stale.text())).toContain(`apply to all ${count} hotels matching this filter?`);
    expect(await bergenFlags()).not.toContain(true);

    const done = await admin.post(`/admin/hotels${bergen}`, {
      intent: "set-affiliate",
      scope: "all",
      confirm: "yes",
      expected: String(count),
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/hotels${bergen}`);
    expect(await flashAfter(done)).toContain(`Set affiliate flag: ${count} hotels.`);
    expect(await bergenFlags()).toEqual(Array(count).fill(true));
    const oslo = await database.selectFrom("hotels").select("has_affiliate_url").where("location", "=", "Oslo").execute();
    expect(oslo.every((row) => !row.has_affiliate_url)).toBe(true);
  });

  it("starts one rewrite job over every match once confirmed", async () => {
    await jobsFinished();
    const database = await db();
    const count = Number(
      (
        await database
          .selectFrom("hotels")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("location", "=", "Tromsø")
          .executeTakeFirstOrThrow()
      ).n,
    );
    const filter = "?country=Norway&location=Troms%C3%B8";
    const response = await admin.post(`/admin/hotels${filter}`, {
      intent: "rewrite-ai",
      scope: "all",
      confirm: "yes",
      expected: String(count),
    });
    expect(response.headers.get("Location")).toMatch(/^\/admin\/jobs\/[0-9a-f-]{36}$/);
    const jobId = response.headers.get("Location")!.split("/").at(-1)!;
    const items = await database.selectFrom("ai_job_items").select("hotel_id").where("job_id", "=", jobId).execute();
    expect(items).toHaveLength(count);
  });

  it("reverts the selected hotels to their original descriptions only after asking", async () => {
    const database = await db();
    const rewritten = await database
      .selectFrom("hotels")
      .select("hotel_id")
      .where("rewritten_text", "is not", null)
      .where("location", "=", "Malmö")
      .orderBy("hotel_id")
      .limit(2)
      .execute();
    const ids = rewritten.map((row) => row.hotel_id);
    expect(ids).toHaveLength(2);
    const post = (extra: [string, string][]) =>
      admin.request("/admin/hotels?country=Sweden", {
        method: "POST",
        body: new URLSearchParams([["intent", "revert-description"], ...ids.map((id) => ["hotel", id] as [string, string]), ...extra]),
        headers: { Origin: app.origin, "Content-Type": "application/x-www-form-urlencoded" },
      });
    const asked = await post([]);
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(visibleText(question)).toContain(
      "Revert to original description: apply to the 2 hotels selected? Their rewritten texts are deleted",
    );
    for (const id of ids) expect(question).toContain(`<input type="hidden" name="hotel" value="${id}"/>`);
    const texts = () => database.selectFrom("hotels").select("rewritten_text").where("hotel_id", "in", ids).execute();
    expect((await texts()).every((row) => row.rewritten_text)).toBe(true);

    const done = await post([["confirm", "yes"]]);
    expect(done.status).toBe(302);
    expect(await flashAfter(done)).toContain("2 hotels show their original description again");
    expect((await texts()).every((row) => row.rewritten_text === null)).toBe(true);
  });

  it("refuses an empty match, and answers a bulk post without a known scope as the checked rows", async () => {
    const none = await admin.post("/admin/hotels?q=no-such-hotel-anywhere", {
      intent: "set-affiliate",
      scope: "all",
      confirm: "yes",
      expected: "0",
    });
    expect(await flashAfter(none)).toContain("No hotels match this filter");
    const odd = await admin.post("/admin/hotels", { intent: "set-affiliate", scope: "everything" });
    expect(await flashAfter(odd)).toContain("No hotels selected");
  });
});

describe("rewrite jobs", () => {
  it("lists past jobs with who started them and their results, and names failed hotels with a retry", async () => {
    await jobsFinished();
    const database = await db();
    const hotels = await database
      .selectFrom("hotels")
      .select(["hotel_id", "name"])
      .where("location", "=", "Kiruna")
      .orderBy("hotel_id")
      .limit(3)
      .execute();
    const job = await database
      .insertInto("ai_jobs")
      .values({
        kind: "rewrite",
        total: 3,
        done: 1,
        failed: 2,
        status: "finished",
        created_by: "editor@hotellguiden.test",
        finished_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database
      .insertInto("ai_job_items")
      .values([
        { job_id: job.id, hotel_id: hotels[0]!.hotel_id, status: "done", attempts: 1 },
        { job_id: job.id, hotel_id: hotels[1]!.hotel_id, status: "failed", attempts: 3, error: "provider down" },
        { job_id: job.id, hotel_id: hotels[2]!.hotel_id, status: "failed", attempts: 3, error: "provider down" },
      ])
      .execute();

    const list = await page("");
    expect(list.html).toContain('href="/admin/jobs"');
    const jobs = await admin.get("/admin/jobs");
    expect(jobs.status).toBe(200);
    const jobsHtml = await jobs.text();
    expect(jobsHtml).toContain(`href="/admin/jobs/${job.id}"`);
    expect(visibleText(jobsHtml)).toMatch(/by editor@hotellguiden\.test 3 hotels, finished: 1 done, 2 failed/);
    expect(jobsHtml).toContain('aria-label="1 rewritten, 2 failed, 0 waiting, of 3 hotels"');

    const jobPage = await (await admin.get(`/admin/jobs/${job.id}`)).text();
    const jobText = visibleText(jobPage);
    expect(jobText).toContain("Hotels that failed (2)");
    for (const hotel of hotels.slice(1)) {
      expect(jobPage).toContain(`href="/admin/rewrite?hotel=${encodeURIComponent(hotel.hotel_id)}"`);
      expect(jobText).toContain(`${hotel.name!.replace(/&/g, "&amp;")} ${hotel.hotel_id} provider down`);
    }
    expect(jobText).toMatch(/Rewritten 1 Failed 2 Waiting 0/);
    expect(jobText).toContain("Retry failed items (2)");

    const retried = await admin.post(`/admin/jobs/${job.id}`, { intent: "retry-failed" });
    expect(retried.status).toBe(302);
    expect(retried.headers.get("Location")).toBe(`/admin/jobs/${job.id}`);
    expect(await flashAfter(retried)).toContain("2 failed hotels are queued again.");
    // The app's own worker (the local engine) does them now.
    await vi.waitFor(
      async () => {
        const after = await database
          .selectFrom("ai_jobs")
          .select(["status", "done", "failed"])
          .where("id", "=", job.id)
          .executeTakeFirstOrThrow();
        expect(after).toEqual({ status: "finished", done: 3, failed: 0 });
      },
      { timeout: 15_000, interval: 200 },
    );
    const again = await admin.post(`/admin/jobs/${job.id}`, { intent: "retry-failed" });
    expect(await flashAfter(again)).toContain("This job has no failed hotels.");
    expect((await admin.post(`/admin/jobs/${job.id}`, { intent: "delete" })).status).toBe(400);
  });
});
