/**
 * Sign-in, sign-up and sign-out through the running app over HTTP, the way a browser
 * without JavaScript uses them: the local provider, database sessions, flash messages,
 * redirectTo, the rate limit, the honeypot and the cross-site post check.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_POLICIES } from "#app/http/rate-limit.server.ts";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.db();

describe("the sign-in page", () => {
  it("shows the sign-in form with labelled e-mail and password fields, not indexed", async () => {
    const response = await new Browser(app.origin).get("/login");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Logga in<\/h1>/);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="email"|<input[^>]*name="email"[^>]*type="email"/);
    expect(html).toMatch(/type="password"/);
    expect(html).toContain('content="noindex');
    expect(html).toContain(">Skapa konto<");
  });

  it("shows the create-account form under ?tab=skapa-konto and keeps redirectTo in both tabs", async () => {
    const html = await (await new Browser(app.origin).get("/login?tab=skapa-konto&redirectTo=%2Fadmin")).text();
    expect(html).toMatch(/<h1[^>]*>Skapa konto<\/h1>/);
    expect(html).toMatch(/autocomplete="new-password"/i);
    expect(html).toContain('href="/login?redirectTo=%2Fadmin"');
    expect(html).toContain('name="redirectTo" value="/admin"');
  });
});

describe("signing in", () => {
  it("refuses a wrong password with the flash text and the provider's message, keeping the e-mail but never the password", async () => {
    const browser = new Browser(app.origin);
    const response = await browser.post("/login", { intent: "sign-in", email: TEST_ADMIN.email, password: "fel-lösenord-123" });
    expect(response.status).toBe(400);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Inloggningen misslyckades");
    expect(text).toContain("Fel e-postadress eller lösenord.");
    expect(html).toContain(`value="${TEST_ADMIN.email}"`);
    expect(html).not.toContain("fel-lösenord-123");
    expect(browser.cookies.has("hg_session")).toBe(false);
  });

  it("answers missing fields with a message per field", async () => {
    const response = await new Browser(app.origin).post("/login", { intent: "sign-in", email: "", password: "" });
    expect(response.status).toBe(400);
    const text = visibleText(await response.text());
    expect(text).toContain("Ange din e-postadress.");
    expect(text).toContain("Ange ditt lösenord.");
  });

  it("signs an administrator in to /admin with 'Inloggad' / 'Välkommen tillbaka!', a session row and a cookie that holds only an id", async () => {
    const browser = new Browser(app.origin);
    const response = await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(response.headers.get("Location")).toBe("/admin");
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith("hg_session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain(TEST_ADMIN.email);
    const page = await browser.follow(response);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("private");
    const html = await page.text();
    const text = visibleText(html);
    // The back office is English and says so, for screen readers (DESIGN §4.1).
    expect(html).toContain('<html lang="en">');
    // …and its Swedish sign-in message says it is Swedish.
    expect(html).toMatch(/<div class="flex-1" lang="sv"><p class="font-semibold">Inloggad<\/p>/);
    expect(text).toContain("Signed in as admin@hotellguiden.test");
    expect(text).toContain("Inloggad");
    expect(text).toContain("Välkommen tillbaka!");
    const rows = await (await db()).selectFrom("sessions").select(["email", "provider"]).where("email", "=", TEST_ADMIN.email).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.provider).toBe("local");
  });

  it("goes back to a local redirectTo (path and query) and ignores one that leaves the site", async () => {
    const back = await new Browser(app.origin).post("/login?redirectTo=%2Fadmin%3Fq%3Dx", {
      intent: "sign-in",
      email: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
      redirectTo: "/admin?q=x",
    });
    expect(back.headers.get("Location")).toBe("/admin?q=x");
    for (const evil of ["//evil.example/", "https://evil.example/", "/\\evil.example", "/\t/evil.example"]) {
      const response = await new Browser(app.origin).post("/login", {
        intent: "sign-in",
        email: TEST_ADMIN.email,
        password: TEST_ADMIN.password,
        redirectTo: evil,
      });
      expect(response.headers.get("Location"), evil).toBe("/admin");
    }
  });

  it("sends a signed-in visitor who opens /login on to redirectTo or the back office", async () => {
    const browser = new Browser(app.origin);
    await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await browser.get("/login")).headers.get("Location")).toBe("/admin");
    expect((await browser.get("/login?redirectTo=%2Fhotels")).headers.get("Location")).toBe("/hotels");
  });

  it("shows the signed-in header with Admin and Logga ut on public pages", async () => {
    const browser = new Browser(app.origin);
    await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    const html = await (await browser.get("/about")).text();
    expect(html).toContain('href="/admin"');
    expect(html).toMatch(/<form[^>]*action="\/logout"/);
    expect(visibleText(html)).toContain("Logga ut");
    expect(html).toContain('<html lang="sv">');
  });
});

describe("signing out", () => {
  it("is a POST that deletes the session and ends on /login with 'Utloggad' / 'Du har loggats ut.'", async () => {
    const browser = new Browser(app.origin);
    await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    const oldCookie = browser.cookies.get("hg_session")!;
    const before = await (
      await db()
    )
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();

    const response = await browser.post("/logout", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(browser.cookies.has("hg_session")).toBe(false);
    const after = await (
      await db()
    )
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) - 1);

    const text = visibleText(await (await browser.follow(response)).text());
    expect(text).toContain("Utloggad");
    expect(text).toContain("Du har loggats ut.");

    // The old cookie is worthless now.
    const replay = new Browser(app.origin);
    replay.cookies.set("hg_session", oldCookie);
    expect((await replay.get("/admin")).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
  });

  it("does nothing on a GET", async () => {
    const browser = new Browser(app.origin);
    await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await browser.get("/logout")).headers.get("Location")).toBe("/");
    expect((await browser.get("/admin")).status).toBe(200);
  });
});

describe("creating an account", () => {
  it("explains password rules, then creates a signed-in non-admin account who is kept out of /admin", async () => {
    const browser = new Browser(app.origin);
    const short = await browser.post("/login", { intent: "sign-up", email: "ny@hotellguiden.test", password: "kort" });
    expect(short.status).toBe(400);
    const shortHtml = await short.text();
    expect(visibleText(shortHtml)).toContain("Lösenordet måste vara minst 8 tecken.");
    expect(shortHtml).toContain('value="ny@hotellguiden.test"');

    const created = await browser.post("/login", { intent: "sign-up", email: "ny@hotellguiden.test", password: "ett-bra-lösenord" });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/");
    const text = visibleText(await (await browser.follow(created)).text());
    expect(text).toContain("Konto skapat");
    expect((await browser.get("/admin")).headers.get("Location")).toBe("/");

    const again = await new Browser(app.origin).post("/login", {
      intent: "sign-up",
      email: "NY@hotellguiden.test",
      password: "ett-annat-lösenord",
    });
    expect(again.status).toBe(400);
    expect(visibleText(await again.text())).toContain("Registreringen misslyckades");
  });
});

describe("abuse", () => {
  it("answers 429 with Retry-After and a Swedish message after 5 failures in 15 minutes, even for the right password", async () => {
    const email = "offer@hotellguiden.test";
    const browser = new Browser(app.origin);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await browser.post("/login", { intent: "sign-in", email, password: `fel-${attempt}-lösenord` });
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    const limited = await browser.post("/login", { intent: "sign-in", email, password: "vad-som-helst-1" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(15 * 60);
    expect(visibleText(await limited.text())).toContain("För många misslyckade försök. Vänta en stund och försök igen.");
    // Another address is not affected.
    expect(
      (await new Browser(app.origin).post("/login", { intent: "sign-in", email: TEST_ADMIN.email, password: TEST_ADMIN.password })).status,
    ).toBe(302);
  });

  it("limits a client address that tries many e-mail addresses", async () => {
    const browser = new Browser(app.origin);
    for (let attempt = 1; attempt <= RATE_POLICIES.signInPerAddress.max; attempt++) {
      const response = await browser.post("/login", {
        intent: "sign-in",
        email: `prov${attempt}@hotellguiden.test`,
        password: "fel-lösenord-1",
      });
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    expect((await browser.post("/login", { intent: "sign-in", email: TEST_ADMIN.email, password: TEST_ADMIN.password })).status).toBe(429);
  });

  it("limits an e-mail address tried from many client addresses, more loosely than one address", async () => {
    const email = "utsatt@hotellguiden.test";
    const perAddress = RATE_POLICIES.signInPerAddressAndEmail.max;
    const addresses = RATE_POLICIES.signInPerEmail.max / perAddress;
    for (let a = 0; a < addresses; a++) {
      const browser = new Browser(app.origin);
      for (let attempt = 1; attempt <= perAddress; attempt++) {
        expect((await browser.post("/login", { intent: "sign-in", email, password: "fel-lösenord-1" })).status).toBe(400);
      }
    }
    expect((await new Browser(app.origin).post("/login", { intent: "sign-in", email, password: "fel-lösenord-1" })).status).toBe(429);
  });

  it("refuses a post with the honeypot filled without asking the provider", async () => {
    const response = await new Browser(app.origin).post("/login", {
      intent: "sign-in",
      email: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
      website: "http://spam.example",
    });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie().some((line) => line.startsWith("hg_session="))).toBe(false);
  });

  it("refuses cross-site posts with 403 before any action runs", async () => {
    const browser = new Browser(app.origin);
    const fields = { intent: "sign-in", email: TEST_ADMIN.email, password: TEST_ADMIN.password };
    for (const origin of ["https://evil.example", "null", "not a url"]) {
      const response = await browser.post("/login", fields, { Origin: origin });
      expect(response.status, origin).toBe(403);
      expect(await response.text()).toContain("från en annan webbplats");
    }
    const noOriginCrossSite = await browser.request("/login", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
    });
    expect(noOriginCrossSite.status).toBe(403);
    expect(browser.cookies.has("hg_session")).toBe(false);
    // The configured SITE_URL counts as the site's own origin too (behind a proxy).
    expect((await browser.post("/logout", {}, { Origin: "http://hotellguiden.test" })).status).toBe(302);
  });

  it("never writes a password to the log", async () => {
    const lines: string[] = [];
    const original = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
    const capture = (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    process.stdout.write = capture as typeof process.stdout.write;
    process.stderr.write = capture as typeof process.stderr.write;
    try {
      const browser = new Browser(app.origin);
      await browser.post("/login", { intent: "sign-in", email: "logg@hotellguiden.test", password: "hemligt-lösen-42" });
      await browser.post("/login", { intent: "sign-up", email: "logg2@hotellguiden.test", password: "hemligt-lösen-43" });
      await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
    } finally {
      process.stdout.write = original.out;
      process.stderr.write = original.err;
    }
    expect(lines.join("")).toContain("signed in");
    for (const secret of ["hemligt-lösen-42", "hemligt-lösen-43", TEST_ADMIN.password]) expect(lines.join("")).not.toContain(secret);
  });
});
