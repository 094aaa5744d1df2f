/**
 * The AI box of /hotels over HTTP with the local engine: an ordinary form post answered in
 * the page (hotel names linked), the blank-query message, the honeypot and the rate limit
 * per client address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, startTestApp, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: "always" });
});
afterAll(async () => {
  await app?.close();
});

const ask = (browser: Browser, fields: Record<string, string>, path = "/hotels") =>
  browser.post(path, { intent: "ai-recommend", preferences: "", ...fields });

describe("the AI box on /hotels", () => {
  it("is on the page, closed, with labelled fields", async () => {
    const html = await (await new Browser(app.origin).get("/hotels")).text();
    expect(html).toMatch(/<details class="group[^"]*"><summary/);
    expect(html).toContain("Få hotellförslag med AI");
    expect(html).toMatch(/<label for="ai-query"[^>]*>Vad söker du\?<\/label>/);
    expect(html).toMatch(/<label for="ai-preferences"/);
  });

  it("answers a question in the page, with line breaks kept and the hotels linked to their pages", async () => {
    const response = await ask(
      new Browser(app.origin),
      { query: "fyrstjärnigt hotell i Stockholm med frukost", preferences: "nära centrum" },
      "/hotels?country=Sweden",
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<details open="" class="group/);
    const text = visibleText(html);
    expect(text).toContain("Våra förslag");
    expect(text).toMatch(/Här är [345] hotell i Stockholm med minst 4 stjärnor och frukost/);
    const answer = html.slice(html.indexOf('id="ai-answer-heading"'), html.indexOf("Förslagen bygger på"));
    const links = [...answer.matchAll(/<a [^>]*>/g)].filter((m) => m[0].includes('href="/Sweden/Stockholm/'));
    expect(links.length).toBeGreaterThanOrEqual(3);
    // What was typed stays in the form, and the list below is still the filtered list.
    expect(html).toContain(">fyrstjärnigt hotell i Stockholm med frukost</textarea>");
    expect(html).toContain('value="nära centrum"');
    expect(text).toContain("Hotell i Sverige");
  });

  it("asks for a question when it is blank", async () => {
    const response = await ask(new Browser(app.origin), { query: "   " });
    expect(response.status).toBe(400);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Önskemål saknas");
    expect(text).toContain("Vänligen ange vad du söker för typ av hotell");
    expect(html).toMatch(/id="ai-query"[^>]*aria-invalid="true"/);
  });

  it("gives robots the failure message without asking the engine", async () => {
    const response = await ask(new Browser(app.origin), { query: "spa i Malmö", website: "http://spam.example" });
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Kunde inte hämta rekommendationer. Försök igen senare.");
  });

  it("limits one client address to 20 questions in 10 minutes, answering 429 with Retry-After", async () => {
    const browser = new Browser(app.origin);
    for (let n = 1; n <= 20; n++) expect((await ask(browser, { query: `hotell nummer ${n}` })).status, `question ${n}`).toBe(200);
    const limited = await ask(browser, { query: "en till" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(visibleText(await limited.text())).toContain("Du har bett om många förslag på kort tid.");
    // Someone else is not affected.
    expect((await ask(new Browser(app.origin), { query: "hotell i Oslo" })).status).toBe(200);
  });
});
