/**
 * E-mail without an SMTP server (decision 072): each message the site sends is written, as it
 * would have gone out (RFC 822, both parts and every header), as an .eml file to DATA_DIR/outbox/.
 */
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Browser, startTestApp, type TestApp } from "#tests/app-server.ts";
import { createHotel } from "#tests/factories.ts";

let app: TestApp;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

it("writes the confirmation of a price alert to DATA_DIR/outbox/ as an .eml file", async () => {
  const hotel = await createHotel(await app.db(), { name: "Hotell Utkorgen", country: "Sweden", location: "Visby" });
  const answer = await new Browser(app.origin).post(`/Sweden/Visby/${hotel.slug}`, { email: "utkorg@example.se", target: "" });
  expect(answer.status).toBe(302);

  // The mail is a job: written once the runner has taken it.
  const outbox = path.join(process.env.DATA_DIR!, "outbox");
  await expect.poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0), { timeout: 60_000 }).toBe(1);
  const files = fs.readdirSync(outbox);
  expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T.*\.eml$/);
  const raw = fs.readFileSync(path.join(outbox, files[0]!), "utf8");
  const mail = await simpleParser(raw);
  expect(mail.subject).toBe("Bekräfta din prisbevakning för Hotell Utkorgen");
  expect(mail.from?.value).toEqual([{ name: "Hotellguiden", address: "noreply@hotellguiden.test" }]);
  expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("utkorg@example.se");
  expect(mail.text).toContain("Bekräfta bevakningen här");
  expect(mail.html).toContain("Bekräfta bevakningen</a>");
  expect(raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/hotellguiden\.test\/bevakning\?token=[\w-]{43}>$/m);
  expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
});
