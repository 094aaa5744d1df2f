/**
 * Price alerts by e-mail (issue 38, decision 072) over HTTP, with a real SMTP server in this
 * process: subscribe on a hotel page, receive the confirmation, follow its link (a GET confirms
 * nothing), confirm, a lower price arrives, the alert mail names price, partner and the stay's
 * page, a second drop the same day sends nothing, RFC 8058's one-click POST ends it. Then the
 * form's guards (honeypot, limits, the same answer for a known address, bad input), the links'
 * other pages, and the set-based check on every test database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { formatSek } from "#app/utils/money.ts";
import { addDays, todayInSweden } from "#app/utils/stay.ts";
import { Browser, formFields, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";
import { createHotel, createPartner, createRates, type CreatedHotel } from "#tests/factories.ts";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "#tests/smtp-server.ts";
import { testDatabases } from "#tests/db.ts";
import { builtModule } from "#tests/app-build.ts";
import { pathToFileURL } from "node:url";

type AlertJobs = typeof import("#app/alerts/alert-jobs.server.ts");
type Alerts = typeof import("#app/alerts/alerts.server.ts");

const SITE = "http://hotellguiden.test";
const PARTNER = { id: "bevakningspartner", name: "Bevakningspartnern", host: "bevakningspartner.example" };
const checkIn = addDays(todayInSweden(), 40);
const checkOut = addDays(checkIn, 2);
const STAY = `incheckning=${checkIn}&utcheckning=${checkOut}`;
const ALERT_LIMITED = "Du har bett om många bevakningar på kort tid. Vänta en stund och försök igen.";

let app: TestApp;
let smtp: TestSmtpServer;
let db: Kysely<Database>;
let hotel: CreatedHotel;
let hotelPath: string;

const jobs = () => app.importApp<AlertJobs>("app/alerts/alert-jobs.server.ts");
/** Two nights at `base` a night from the partner, as its price file would bring them. */
const priceNights = (base: number, target: CreatedHotel = hotel) =>
  createRates(db, { hotel: target.hotel_id, partner: PARTNER.id, from: checkIn, nights: 2, base });
/** What the site does after an import: the alert check (a job once the job runner is in). */
const checkAfterImport = async () => (await jobs()).checkAlerts();

/** A link of this site as a mail names it (SITE_URL), as a path the test app answers. */
const local = (link: string) => {
  expect(link.startsWith(`${SITE}/`)).toBe(true);
  return link.slice(SITE.length);
};

function subscribe(fields: Record<string, string>, browser = new Browser(app.origin), query = STAY, path = hotelPath) {
  return browser.post(`${path}${query ? `?${query}` : ""}`, { email: "", target: "", ...fields });
}

const alertsOf = (email: string) =>
  db
    .selectFrom("price_alerts")
    .innerJoin("alert_subscribers", "alert_subscribers.id", "price_alerts.subscriber_id")
    .select(["price_alerts.id", "price_alerts.status", "price_alerts.reference_price", "price_alerts.target_price"])
    .where("alert_subscribers.email", "=", email)
    .execute();

/** Subscribes and confirms through the mail's link; returns the confirmation mail. */
async function subscribeAndConfirm(email: string, fields: Record<string, string> = {}, query = STAY): Promise<ReceivedMail> {
  expect((await subscribe({ email, ...fields }, undefined, query)).status).toBe(302);
  const mail = await smtp.next(email);
  const confirm = await new Browser(app.origin).post(local(mail.links[0]!), {});
  expect(confirm.status).toBe(302);
  return mail;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Hotellguiden <bevakning@hotellguiden.test>" });
  db = await app.db();
  await createPartner(db, PARTNER);
  hotel = await createHotel(db, { name: "Hotell Bevakningen", country: "Sweden", location: "Visby" });
  hotelPath = `/Sweden/Visby/${hotel.slug}`;
  await priceNights(1000);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe("a price alert from subscribing to unsubscribing", () => {
  const email = "anna@example.se";

  it("confirms by mail, writes once when the price falls, and stops after a one-click unsubscribe", async () => {
    const visitor = new Browser(app.origin);
    const answer = await subscribe({ email, target: "" }, visitor);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`${hotelPath}?${STAY}#prisbevakning`);
    expect(visibleText(await (await visitor.follow(answer)).text())).toContain("Kolla din e-post");

    // The confirmation: Swedish, both parts, RFC 8058's headers, and a link to a page.
    const confirmation = await smtp.next(email);
    expect(confirmation.from).toContain("bevakning@hotellguiden.test");
    expect(confirmation.subject).toBe("Bekräfta din prisbevakning för Hotell Bevakningen");
    expect(confirmation.text).toContain("Bekräfta bevakningen här");
    expect(confirmation.html).toContain("Bekräfta bevakningen</a>");
    expect(confirmation.headers.get("list-unsubscribe")).toMatch(/^<http:\/\/hotellguiden\.test\/bevakning\?token=[\w-]{43}>$/);
    expect(confirmation.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const confirmLink = local(confirmation.links[0]!);

    // A mail scanner's GET shows the question and confirms nothing.
    const question = await new Browser(app.origin).get(confirmLink);
    expect(question.status).toBe(200);
    const questionText = visibleText(await question.text());
    expect(questionText).toContain("Bekräfta prisbevakningen");
    expect(questionText).toContain("Hotell Bevakningen");
    expect(await alertsOf(email)).toMatchObject([{ status: "pending" }]);

    const confirmed = await visitor.post(confirmLink, {});
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(`${hotelPath}?${STAY}`);
    expect(visibleText(await (await visitor.follow(confirmed)).text())).toContain("Bevakningen är bekräftad");
    // Measured from the price when confirmed: two nights at 1 000 kr.
    expect(await alertsOf(email)).toMatchObject([{ status: "confirmed", reference_price: 2000 }]);
    // The link is spent.
    expect((await visitor.get(confirmLink)).status).toBe(404);

    // A price 15% lower arrives.
    await priceNights(850);
    expect(await checkAfterImport()).toMatchObject({ fired: 1, failed: 0 });
    const alert = await smtp.next(email);
    expect(alert.subject).toBe(`Lägre pris: Hotell Bevakningen ${formatSek(1700)}`);
    expect(alert.text).toContain(`Hotell Bevakningen kostar nu ${formatSek(1700)} hos Bevakningspartnern`);
    expect(alert.text).toContain(`${SITE}${hotelPath}?${STAY}`);
    expect(alert.html).toContain("Jämför priserna och boka</a>");
    expect(alert.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // Another drop the same day: nothing (at most one mail a day per alert).
    await priceNights(600);
    expect(await checkAfterImport()).toMatchObject({ fired: 0 });
    expect(smtp.pending(email)).toEqual([]);

    // RFC 8058: the mail program POSTs the List-Unsubscribe link, without cookie or Origin, and gets no redirect.
    const oneClick = /^<(.+)>$/.exec(alert.headers.get("list-unsubscribe")!)![1]!;
    const unsubscribed = await fetch(new URL(local(oneClick), app.origin), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(unsubscribed.status).toBe(200);
    expect(visibleText(await unsubscribed.text())).toContain("Bevakningen är avslutad");
    expect(await alertsOf(email)).toEqual([]);

    // A day later, lower still: no mail to anyone.
    await priceNights(400);
    expect(await checkAfterImport()).toMatchObject({ fired: 0 });
    expect(smtp.pending(email)).toEqual([]);
    await priceNights(1000);
  });

  it("without dates, writes when the hotel's price per night falls below the target", async () => {
    const email = "per.natt@example.se";
    const other = await createHotel(db, { name: "Hotell Utan Datum", country: "Sweden", location: "Visby" });
    const tomorrow = addDays(todayInSweden(), 1);
    const nights = (base: number) => createRates(db, { hotel: other.hotel_id, partner: PARTNER.id, from: tomorrow, nights: 3, base });
    const otherPath = `/Sweden/Visby/${other.slug}`;
    await nights(1000);
    expect((await subscribe({ email, target: "950" }, undefined, "", otherPath)).status).toBe(302);
    const confirmation = await smtp.next(email);
    expect(confirmation.text).toContain("utan datum (lägsta pris per natt)");
    expect(confirmation.text).toContain(`under ${formatSek(950)}`);
    await new Browser(app.origin).post(local(confirmation.links[0]!), {});
    await nights(940);
    expect(await checkAfterImport()).toMatchObject({ fired: 1 });
    const alert = await smtp.next(email);
    expect(alert.text).toContain(`kostar nu från ${formatSek(940)} / natt hos Bevakningspartnern`);
    expect(alert.text).toContain(`${SITE}${otherPath}\n`);
  });
});

describe("the form's guards", () => {
  it("answers a robot filling the honeypot like a person, and sends and stores nothing", async () => {
    const robot = "robot@example.se";
    const answer = await subscribe({ email: robot, website: "https://spam.example" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`${hotelPath}?${STAY}#prisbevakning`);
    expect(await alertsOf(robot)).toEqual([]);
    expect(smtp.pending(robot)).toEqual([]);
  });

  it("gives a known address the same answer as a new one", async () => {
    const known = "kand@example.se";
    await subscribeAndConfirm(known);
    const [again, fresh] = [await subscribe({ email: known }), await subscribe({ email: "ny@example.se" })];
    expect(again.status).toBe(fresh.status);
    expect(again.headers.get("Location")).toBe(fresh.headers.get("Location"));
    const flash = async (response: Response) => {
      const visitor = new Browser(app.origin);
      const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
      visitor.cookies.set(cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1));
      const text = visibleText(await (await visitor.get(response.headers.get("Location")!)).text());
      return text.slice(text.indexOf("Kolla din e-post"), text.indexOf("Kolla din e-post") + 140);
    };
    expect(await flash(again)).toBe(await flash(fresh));
    expect(await flash(fresh)).toContain("Bevakningen börjar när du har bekräftat den.");
    // The confirmed alert stays as it was until the new link is followed, which both addresses get.
    expect((await alertsOf(known)).map((row) => row.status).sort()).toEqual(["confirmed", "pending"]);
    expect((await smtp.next(known)).subject).toBe((await smtp.next("ny@example.se")).subject);
  });

  it("sends one address at most three confirmations an hour, answering every post alike", async () => {
    const target = "inkorg@example.se";
    for (let i = 0; i < 4; i++) expect((await subscribe({ email: target })).status).toBe(302);
    for (let i = 0; i < 3; i++) await smtp.next(target);
    expect(smtp.pending(target)).toEqual([]);
  });

  it("takes ten requests an hour from one client address; the eleventh is refused with 429 and the address kept", async () => {
    const visitor = new Browser(app.origin);
    for (let i = 0; i < 10; i++) expect((await subscribe({ email: `grans${i}@example.se` }, visitor)).status).toBe(302);
    const refused = await subscribe({ email: "grans10@example.se" }, visitor);
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(visibleText(html)).toContain(ALERT_LIMITED);
    expect(Object.fromEntries(formFields(html)).email).toBe("grans10@example.se");
    expect(await alertsOf("grans10@example.se")).toEqual([]);
    for (let i = 0; i < 10; i++) await smtp.next(`grans${i}@example.se`);
  });

  it("turns down a bad address and a bad price with 400 and Swedish messages, the typed values kept", async () => {
    const refused = await subscribe({ email: "inte-en-adress", target: "billigt" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const text = visibleText(html);
    expect(text).toContain("Ange en giltig e-postadress, till exempel namn@exempel.se.");
    expect(text).toContain("Ange målpriset i hela kronor, till exempel 1500.");
    expect(Object.fromEntries(formFields(html))).toMatchObject({ email: "inte-en-adress", target: "billigt" });
    expect((await subscribe({ email: "" })).status).toBe(400);
  });
});

describe("the links in the mails", () => {
  it("deletes the address and all its alerts from the mail's link, after a button", async () => {
    const email = "glom.mig@example.se";
    const mail = await subscribeAndConfirm(email);
    await subscribeAndConfirm(email, {}, "");
    const forget = local(mail.links.find((link) => mail.text.includes(`alla dina bevakningar: ${link}`))!);
    const page = await new Browser(app.origin).get(forget);
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).toContain("Radera adressen och alla bevakningar");
    expect(await alertsOf(email)).toHaveLength(2);
    const done = await new Browser(app.origin).post(forget, {});
    expect(done.status).toBe(200);
    expect(visibleText(await done.text())).toContain("Din adress är raderad");
    expect(await alertsOf(email)).toEqual([]);
    expect(await db.selectFrom("alert_subscribers").where("email", "=", email).selectAll().execute()).toEqual([]);
  });

  it("answers an unknown or malformed token with 404 and changes nothing", async () => {
    expect((await new Browser(app.origin).get("/bevakning?token=" + "a".repeat(43))).status).toBe(404);
    expect((await new Browser(app.origin).get("/bevakning")).status).toBe(404);
    expect((await new Browser(app.origin).post("/bevakning?token=<script>", {})).status).toBe(404);
  });

  it("ends an alert whose stay has begun", async () => {
    const email = "forr@example.se";
    await subscribeAndConfirm(email);
    await db
      .updateTable("price_alerts")
      .set({ check_in: addDays(todayInSweden(), -1) })
      .where("id", "=", (await alertsOf(email))[0]!.id)
      .execute();
    expect(await checkAfterImport()).toMatchObject({ pastAlerts: 1 });
    expect(await alertsOf(email)).toEqual([]);
  });
});

describe("the back office", () => {
  it("shows how many alerts are pending and confirmed and how many alert mails went out, never an address", async () => {
    await subscribeAndConfirm("raknas@example.se");
    const count = async (table: "price_alerts" | "price_alert_mails", where: [string, string]) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select(sql<number>`count(*)`.as("n"))
            .where(sql.ref(where[0]), "=", where[1])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const admin = new Browser(app.origin);
    await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    const text = visibleText(await (await admin.get("/admin")).text());
    expect(text).toContain(
      `Price alerts: ${await count("price_alerts", ["status", "pending"])} awaiting confirmation, ${await count("price_alerts", ["status", "confirmed"])} confirmed, ${await count("price_alert_mails", ["kind", "alert"])} alert e-mails sent in the last 7 days.`,
    );
    expect(text).not.toContain("raknas@example.se");
  });
});

/** The app's own modules from the run's build, for the databases' own handles. */
const built = <T>(file: string) => import(pathToFileURL(builtModule(file)).href) as Promise<T>;

for (const database of testDatabases()) {
  describe(`the alert check on ${database.name}`, () => {
    let handle: Awaited<ReturnType<typeof database.open>>;
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("fires below the target or 10% down, once a day, for many alerts in one check", async () => {
      const { savePendingAlert, mintTokens, confirmAlert } = await built<Alerts>("app/alerts/alerts.server.ts");
      const { checkAlerts } = await built<AlertJobs>("app/alerts/alert-jobs.server.ts");
      await createPartner(handle.db, PARTNER);
      const hotels = await Promise.all(
        [0, 1, 2].map((i) => createHotel(handle.db, { name: `Kontrollhotell ${i}`, country: "Sweden", location: "Visby" })),
      );
      for (const one of hotels)
        await createRates(handle.db, { hotel: one.hotel_id, partner: PARTNER.id, from: checkIn, nights: 2, base: 1000 });
      const stay = { checkIn, checkOut, adults: 2, rooms: 1 };
      const subscribeOne = async (hotelId: string, target: number | null) => {
        const alertId = await savePendingAlert({ email: `${hotelId}@example.se`, target, hotelId, stay }, undefined, handle.db);
        const subscriber = await handle.db
          .selectFrom("price_alerts")
          .select("subscriber_id")
          .where("id", "=", alertId)
          .executeTakeFirstOrThrow();
        const { confirm } = await mintTokens({ subscriberId: subscriber.subscriber_id, alertId }, ["confirm"], handle.db);
        await confirmAlert(confirm, handle.db);
        return alertId;
      };
      // 0: no target, watches 10%; 1: target 1 900 kr; 2: target 1 000 kr.
      const ids = [
        await subscribeOne(hotels[0]!.id, null),
        await subscribeOne(hotels[1]!.id, 1900),
        await subscribeOne(hotels[2]!.id, 1000),
      ];
      const sent: { alertId: string; price: number }[] = [];
      const check = () => checkAlerts({ send: async (batch) => void sent.push(...batch) }, handle.db);

      // 5% down everywhere: only the alert whose target is now met fires.
      for (const one of hotels)
        await createRates(handle.db, { hotel: one.hotel_id, partner: PARTNER.id, from: checkIn, nights: 2, base: 925 });
      expect(await check()).toMatchObject({ fired: 1 });
      expect(sent).toEqual([{ alertId: ids[1], price: 1850, partnerId: PARTNER.id }]);

      // 12% down from the price at confirmation: the 10% alert fires, the one told today does not.
      for (const one of hotels)
        await createRates(handle.db, { hotel: one.hotel_id, partner: PARTNER.id, from: checkIn, nights: 2, base: 880 });
      sent.length = 0;
      expect(await check()).toMatchObject({ fired: 2 });
      expect(sent.map((found) => found.alertId).sort()).toEqual([ids[0], ids[2]].sort());
      expect(sent.every((found) => found.price === 1760)).toBe(true);

      // A day later: the alert below its target is told the lower price; after that, nothing new to tell.
      const dayLater = () =>
        handle.db
          .updateTable("price_alerts")
          .set({ last_sent_at: sql<Date>`now() - interval '25 hours'` })
          .execute();
      await dayLater();
      sent.length = 0;
      expect(await check()).toMatchObject({ fired: 1 });
      expect(sent).toEqual([{ alertId: ids[1], price: 1760, partnerId: PARTNER.id }]);
      await dayLater();
      expect(await check()).toMatchObject({ fired: 0 });
    });
  });
}
