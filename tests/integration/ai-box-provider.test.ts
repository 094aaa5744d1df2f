/**
 * The AI service with a provider configured: a local HTTP server (tests/ai-stand-in.ts)
 * stands in for an OpenAI-compatible API (no msw: the app really calls it over the network). The AI box
 * answers with the provider's words about our hotels; a failing provider gives the spec's
 * failure message; a bulk rewrite job runs in the app's own worker and its progress page
 * shows the result.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAiStandIn, HOSTILE } from "#tests/ai-stand-in.ts";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";

const standIn = createAiStandIn();
const provider = standIn.server;
const received = standIn.received;

let app: TestApp;
type Service = typeof import("#app/ai/service.server.ts");

beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  const { port } = provider.address() as AddressInfo;
  app = await startTestApp({
    SEED_DEMO: "always",
    AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
    AI_API_KEY: "stand-in-key",
    AI_MODEL: "stand-in-model",
    AI_TIMEOUT_MS: "5000",
  });
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => provider.close(resolve));
});

const ask = (query: string) => new Browser(app.origin).post("/hotels", { intent: "ai-recommend", query, preferences: "" });

describe("the AI service with a provider", () => {
  it("answers the AI box with the provider's words about hotels of our catalogue", async () => {
    const response = await ask("hotell i Oslo med spa");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Tre förslag från leverantören.");
    expect(text).toContain("Lycka till!");
    const answer = html.slice(html.indexOf('id="ai-answer-heading"'), html.indexOf("Förslagen bygger på"));
    const links = [...answer.matchAll(/<a [^>]*>/g)].filter((m) => m[0].includes('href="/Norway/Oslo/'));
    expect(links).toHaveLength(3);
    const last = received.at(-1)!;
    expect(last.model).toBe("stand-in-model");
    expect(last.authorization).toBe("Bearer stand-in-key");
  });

  it("shows no made-up hotel, address, telephone number or e-mail address from a hostile provider: the picks with our own words", async () => {
    standIn.mode = "hostile";
    try {
      const response = await ask("hotell i Oslo med spa");
      expect(response.status).toBe(200);
      const html = await response.text();
      const text = visibleText(html);
      for (const slipped of [
        HOSTILE.hotel,
        "Phishy",
        HOSTILE.url,
        "evil-booking",
        HOSTILE.phone,
        "123 45 67",
        HOSTILE.email,
        "Mejla",
        "Ring ",
      ])
        expect(text, slipped).not.toContain(slipped);
      // The provider's three picks, with the catalogue's facts and our intro.
      expect(text).toMatch(/Här är 3 hotell i Oslo/);
      const answer = html.slice(html.indexOf('id="ai-answer-heading"'), html.indexOf("Förslagen bygger på"));
      expect([...answer.matchAll(/<a [^>]*href="\/Norway\/Oslo\//g)]).toHaveLength(3);
    } finally {
      standIn.mode = "ok";
    }
  });

  it("leaves a hostile provider's address and telephone number out of a bulk rewrite, which goes on the public page unreviewed", async () => {
    standIn.mode = "hostile";
    try {
      const db = await app.db();
      const { startRewrite } = await app.importApp<Service>("app/ai/service.server.ts");
      const hotel = await db
        .selectFrom("hotels")
        .select("hotel_id")
        .where("location", "=", "Bergen")
        .where("description", "is not", null)
        .executeTakeFirstOrThrow();
      const jobId = (await startRewrite([hotel.hotel_id], TEST_ADMIN.email, db))!;
      await vi.waitFor(
        async () => {
          const job = await db.selectFrom("ai_jobs").select("status").where("id", "=", jobId).executeTakeFirstOrThrow();
          expect(job.status).toBe("finished");
        },
        { timeout: 15_000, interval: 200 },
      );
      const row = await db
        .selectFrom("hotels")
        .select(["rewritten_text", "is_description_rewritten"])
        .where("hotel_id", "=", hotel.hotel_id)
        .executeTakeFirstOrThrow();
      expect(row.is_description_rewritten).toBe(true);
      expect(row.rewritten_text).toMatch(/^Svensk översättning: /);
      expect(row.rewritten_text).not.toContain("evil-booking");
      expect(row.rewritten_text).not.toContain("123 45 67");
    } finally {
      standIn.mode = "ok";
    }
  });

  it("shows 'Något gick fel' when the provider keeps failing", async () => {
    standIn.mode = "fail";
    try {
      const response = await ask("hotell i Bergen");
      expect(response.status).toBe(503);
      const text = visibleText(await response.text());
      expect(text).toContain("Något gick fel");
      expect(text).toContain("Kunde inte hämta rekommendationer. Försök igen senare.");
    } finally {
      standIn.mode = "ok";
    }
  });

  it("rewrites hotels in the background and shows the job's progress to an administrator", async () => {
    const db = await app.db();
    const { startRewrite } = await app.importApp<Service>("app/ai/service.server.ts");
    const hotels = await db
      .selectFrom("hotels")
      .select("hotel_id")
      .where("location", "=", "Visby")
      .where("description", "is not", null)
      .limit(3)
      .execute();
    expect(hotels).toHaveLength(3);
    const jobId = (await startRewrite(
      hotels.map((h) => h.hotel_id),
      TEST_ADMIN.email,
      db,
    ))!;

    const browser = new Browser(app.origin);
    await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    await vi.waitFor(
      async () => {
        const text = visibleText(await (await browser.get(`/admin/jobs/${jobId}`)).text());
        expect(text).toContain("3 of 3 hotels processed (100%)");
      },
      { timeout: 15_000, interval: 200 },
    );
    const page = await browser.get(`/admin/jobs/${jobId}`);
    expect(page.headers.get("Refresh")).toBeNull();
    const text = visibleText(await page.text());
    expect(text).toContain("Finished");
    expect(text).toMatch(/Rewritten 3 Failed 0 Waiting 0/);
    const rows = await db
      .selectFrom("hotels")
      .select(["rewritten_text", "is_description_rewritten"])
      .where(
        "hotel_id",
        "in",
        hotels.map((h) => h.hotel_id),
      )
      .execute();
    for (const row of rows) {
      expect(row.is_description_rewritten).toBe(true);
      expect(row.rewritten_text).toMatch(/^Svensk översättning: /);
    }
    // The provider reads the place by its Swedish name.
    expect(received.some((request) => request.user.includes("(Visby, Sverige)"))).toBe(true);
  });

  it("says in the back office that the provider's model translates", async () => {
    const browser = new Browser(app.origin);
    await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    for (const path of ["/admin/rewrite", "/admin/hotels"]) {
      expect(visibleText(await (await browser.get(path)).text()), path).toContain("Engine: stand-in-model (translates the description)");
    }
    expect(visibleText(await (await browser.get("/admin/blog/new")).text())).toContain("Motor: stand-in-model");
  });

  it("offers no translation for a hotel without an English description, says why, and refuses a post the same way", async () => {
    const db = await app.db();
    const hotel = await db
      .selectFrom("hotels")
      .select("hotel_id")
      .where("location", "=", "Bergen")
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    await db.updateTable("hotels").set({ description: null }).where("hotel_id", "=", hotel.hotel_id).execute();
    const browser = new Browser(app.origin);
    await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    const screen = `/admin/rewrite?hotel=${hotel.hotel_id}`;
    const html = await (await browser.get(screen)).text();
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="rewrite-translate-note"[^>]*>Translate with AI<\/button>/);
    const reason = "No description to translate: this hotel has no English description for the provider to translate.";
    expect(visibleText(html)).toContain(`Unavailable: ${reason}`);
    const asked = received.length;
    const refused = await browser.post(screen, { intent: "translate", hotel_id: hotel.hotel_id, translation: "Mitt utkast" });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(visibleText(page)).toContain(reason);
    expect(page).toMatch(/<textarea[^>]*name="translation"[^>]*>Mitt utkast<\/textarea>/);
    expect(received.length).toBe(asked);
    // A hotel with a description: the provider's model is named under an enabled button.
    const other = await db
      .selectFrom("hotels")
      .select("hotel_id")
      .where("description", "is not", null)
      .orderBy("hotel_id")
      .executeTakeFirstOrThrow();
    const ok = await (await browser.get(`/admin/rewrite?hotel=${other.hotel_id}`)).text();
    expect(ok).not.toMatch(/<button[^>]*disabled=""[^>]*>Translate with AI/);
    expect(visibleText(ok)).toContain("Engine: stand-in-model (translates the description)");
  });

  it("refreshes a running job's page by itself without JavaScript, unless asked not to", async () => {
    const db = await app.db();
    // A job whose only item is running (on another, imagined server: no runner job here) stays running.
    const job = await db
      .insertInto("ai_jobs")
      .values({ kind: "rewrite", total: 1, created_by: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const hotel = await db.selectFrom("hotels").select("hotel_id").limit(1).executeTakeFirstOrThrow();
    await db.insertInto("ai_job_items").values({ job_id: job.id, hotel_id: hotel.hotel_id, status: "running" }).execute();
    const browser = new Browser(app.origin);
    await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    const running = await browser.get(`/admin/jobs/${job.id}`);
    expect(running.headers.get("Refresh")).toBe("3");
    expect(visibleText(await running.text())).toContain("This page updates itself every 3 seconds.");
    const still = await browser.get(`/admin/jobs/${job.id}?auto=0`);
    expect(still.headers.get("Refresh")).toBeNull();
    expect(visibleText(await still.text())).toContain("Update now");
    expect((await browser.get("/admin/jobs/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("drafts a blog post with the provider, validated against the block schema", async () => {
    const db = await app.db();
    const { draftBlogPost } = await app.importApp<Service>("app/ai/service.server.ts");
    const draft = await draftBlogPost({ topic: "", instructions: "Skriv om hotell i Oslo" }, undefined, db);
    expect(draft.title).toBe("Hotelltips från leverantören");
    expect(draft.blocks[0]).toEqual({ type: "paragraph", content: "Här är några hotell vi gillar." });
    const button = draft.blocks.find((block) => block.type === "button");
    expect(button).toMatchObject({ type: "button", external: false, variant: "outline" });
    expect((button as { url: string }).url).toMatch(/^\/Norway\/Oslo\//);
    expect(received.at(-1)!.user).toContain("PLATSSIDA: Oslo /Norway/Oslo");
  });
});
