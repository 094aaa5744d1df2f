/**
 * What a hostile visitor tries, over real HTTP against the whole app: bodies far past a form's
 * limit sent chunked (no Content-Length), concurrent requests racing the rate limits, accounts
 * made in bulk, return addresses with characters a header cannot carry, and reading the
 * database's timings. Each answer is the one a person would get, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMIT_MESSAGE, RATE_POLICIES, SIGN_UP_LIMIT_MESSAGE } from "#app/http/rate-limit.server.ts";
import { postChunked as postChunkedBody } from "../../scripts/bench/chunked-post.ts";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  const { seedDemoCatalogue } = await app.importApp<typeof import("#app/operations/seed.server.ts")>("app/operations/seed.server.ts");
  // The next month of prices: no stay asked for here is later, and a year of them cost CPU (decision 083).
  await seedDemoCatalogue({ hotels: 40, prices: "near" }, await app.db());
});
afterAll(async () => {
  await app?.close();
});

const MB = 1024 * 1024;
const TOO_LARGE_TEXT = "Formuläret var för stort för att skickas.";

/** A chunked POST from `browser` (its address and cookies, from a page of this site). */
function postChunked(browser: Browser, pathname: string, contentType: string, totalBytes: number, chunk?: string) {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return postChunkedBody(new URL(pathname, browser.origin), {
    contentType,
    totalBytes,
    chunk,
    headers: { Origin: browser.origin, "X-Forwarded-For": browser.address, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

describe("request bodies are counted as they arrive", () => {
  const cases: Array<{ name: string; path: string; contentType: string; admin?: boolean; page?: "editor" }> = [
    { name: "urlencoded to /contact", path: "/contact", contentType: "application/x-www-form-urlencoded" },
    { name: "multipart to /contact", path: "/contact", contentType: "multipart/form-data; boundary=xyz" },
    { name: "JSON to /contact", path: "/contact", contentType: "application/json" },
    { name: "urlencoded to /login", path: "/login", contentType: "application/x-www-form-urlencoded" },
    { name: "JSON to the AI box", path: "/hotels", contentType: "application/json" },
    {
      name: "urlencoded to a back-office form, signed in",
      path: "/admin/messages",
      contentType: "application/x-www-form-urlencoded",
      admin: true,
    },
    // The editor answers with its own page (what it can keep of the post), not the error page.
    {
      name: "multipart to the blog editor, signed in",
      path: "/admin/blog/new",
      contentType: "multipart/form-data; boundary=xyz",
      admin: true,
      page: "editor",
    },
  ];

  it.each(cases)(
    "refuses a 100 MB chunked body ($name) with 413 and the Swedish text, long before its end",
    async ({ path, contentType, admin, page }) => {
      const browser = new Browser(app.origin);
      if (admin) await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
      const answer = await postChunked(browser, path, contentType, 100 * MB);
      expect(answer.status).toBe(413);
      if (page !== "editor") expect(visibleText(answer.text)).toContain(TOO_LARGE_TEXT);
      // The server stopped reading at the route's limit (at most a few MB): the client never
      // got to send more than the socket buffers hold past it.
      expect(answer.sent).toBeLessThan(40 * MB);
    },
  );

  it("closes the connection of a big body that no form reads, instead of reading it all", async () => {
    const answer = await postChunked(new Browser(app.origin), "/about", "application/x-www-form-urlencoded", 100 * MB);
    expect(answer.status).toBe(405);
    expect(answer.sent).toBeLessThan(40 * MB);
  });

  it("still reads a small body that no form reads, and keeps serving", async () => {
    const answer = await postChunked(new Browser(app.origin), "/about", "application/x-www-form-urlencoded", 10 * 1024, "a".repeat(1024));
    expect(answer.status).toBe(405);
    expect((await new Browser(app.origin).get("/about")).status).toBe(200);
  });
});

describe("rate limits hold under concurrency", () => {
  it("evaluates exactly five of 50 concurrent wrong passwords from one address; the rest get 429", async () => {
    const attacker = new Browser(app.origin);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => attacker.post("/login", { intent: "sign-in", email: TEST_ADMIN.email, password: "gissning-123" })),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(RATE_POLICIES.signInPerAddressAndEmail.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - RATE_POLICIES.signInPerAddressAndEmail.max);
    const limited = answers.find((response) => response.status === 429)!;
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(visibleText(await limited.text())).toContain(RATE_LIMIT_MESSAGE);

    // The attacker's address cannot lock the administrator out: from their own address they sign in.
    expect(
      (await new Browser(app.origin).post("/login", { intent: "sign-in", email: TEST_ADMIN.email, password: TEST_ADMIN.password })).status,
    ).toBe(302);
  });

  it("answers exactly 20 of 40 concurrent AI-box questions from one address", async () => {
    const visitor = new Browser(app.origin);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        visitor.post("/hotels", { intent: "ai-recommend", query: "Ett hotell i Stockholm med frukost", preferences: "" }),
      ),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_POLICIES.aiBoxPerAddress.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - RATE_POLICIES.aiBoxPerAddress.max);
  });

  it("makes five accounts an hour from one address, even when asked for 25 at once", async () => {
    const bulk = new Browser(app.origin);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        bulk.post("/login", { intent: "sign-up", email: `massa-${i}@exempel.se`, password: "lösenord-123" }),
      ),
    );
    const created = answers.filter((response) => response.status === 302);
    expect(created).toHaveLength(RATE_POLICIES.signUpPerAddress.max);
    const refused = answers.filter((response) => response.status === 429);
    expect(refused).toHaveLength(25 - RATE_POLICIES.signUpPerAddress.max);
    expect(visibleText(await refused[0]!.text())).toContain(SIGN_UP_LIMIT_MESSAGE);
    const accounts = await (await app.db()).selectFrom("users").select("email").where("email", "like", "massa-%").execute();
    expect(accounts).toHaveLength(RATE_POLICIES.signUpPerAddress.max);
  });
});

describe("return addresses after sign-in", () => {
  it.each([
    ["/。evil", "/%E3%80%82evil"],
    ["/%C3%BC", "/%C3%BC"],
    ["/ü", "/%C3%BC"],
  ])("sends %j to %j, never a 500 or a raw byte in Location", async (redirectTo, location) => {
    const browser = new Browser(app.origin);
    const response = await browser.post("/login", {
      intent: "sign-in",
      email: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
      redirectTo,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
  });
});

describe("Server-Timing", () => {
  it("is not sent to visitors, only to administrators", async () => {
    const visitor = await new Browser(app.origin).get("/hotels?sortera=namn");
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("server-timing")).toBeNull();

    const user = new Browser(app.origin);
    await user.post("/login", { intent: "sign-up", email: "vanlig@exempel.se", password: "lösenord-123" });
    expect((await user.get("/hotels")).headers.get("server-timing")).toBeNull();

    const admin = new Browser(app.origin);
    await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await admin.get("/hotels")).headers.get("server-timing")).toMatch(/^db;dur=[\d.]+;desc="\d+ quer(y|ies)"/);
  });
});
