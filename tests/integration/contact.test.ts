/**
 * The contact form over HTTP, as a visitor without JavaScript sends it (decision 010), and the
 * table's own limits on both drivers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Browser, formFields, startTestApp, visibleText, type TestApp } from "#tests/app-server.ts";
import { testDatabases } from "#tests/db.ts";

const VALID = { name: "  Anna Andersson ", email: "anna@example.se", message: "Hej! Hotellet i Visby saknar adress." };
const LIMITED = "Du har skickat flera meddelanden på kort tid. Vänta en stund och försök igen.";

let app: TestApp;

/** A post of the form from a browser of its own (one address is limited to a few messages an hour), unless given. */
const post = (fields: Record<string, string>, browser = new Browser(app.origin)) => browser.post("/contact", fields);

/** A refused form as the visitor sees it: the status, the page's text, and what its fields hold. */
async function refused(response: Response) {
  const html = await response.text();
  return { status: response.status, text: visibleText(html), fields: Object.fromEntries(formFields(html)) };
}

const storedMessages = async () => (await app.db()).selectFrom("contact_messages").selectAll().orderBy("created_at").execute();

beforeAll(async () => {
  app = await startTestApp();
});
beforeEach(async () => {
  await (await app.db()).deleteFrom("contact_messages").execute();
});
afterAll(async () => {
  await app?.close();
});

describe("/contact action", () => {
  it("takes five messages an hour from one address; the sixth is refused with the text kept, and not stored", async () => {
    const visitor = new Browser(app.origin);
    for (let i = 0; i < 5; i++) expect((await post(VALID, visitor)).status).toBe(302);
    const response = await post({ ...VALID, message: "Ett sjätte meddelande från samma adress." }, visitor);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    const page = await refused(response);
    expect(page.status).toBe(429);
    expect(page.text).toContain(LIMITED);
    expect(page.fields.message).toBe("Ett sjätte meddelande från samma adress.");
    expect(await storedMessages()).toHaveLength(5);
    // Another address is not affected.
    expect((await post(VALID)).status).toBe(302);
  });

  it("stores a valid message (trimmed) and redirects to /contact with the thank-you flash", async () => {
    const visitor = new Browser(app.origin);
    const response = await post(VALID, visitor);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    const thanks = visibleText(await (await visitor.follow(response)).text());
    expect(thanks).toContain("Tack för ditt meddelande");
    expect(thanks).toContain("Vi svarar så snart vi kan.");

    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Anna Andersson", email: "anna@example.se", message: VALID.message });
    expect(rows[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.created_at).toBeInstanceOf(Date);
  });

  it("turns down an empty form with 400, a Swedish error per field and nothing stored", async () => {
    const page = await refused(await post({ name: "", email: "", message: "" }));
    expect(page.status).toBe(400);
    for (const error of ["Ange ditt namn.", "Ange din e-postadress.", "Skriv ditt meddelande."]) expect(page.text).toContain(error);
    expect(await storedMessages()).toHaveLength(0);
  });

  it("gives back exactly what was typed, with errors only on the bad fields", async () => {
    const typed = { name: "  Bo ", email: "bo@@exempel", message: "För kort" };
    const page = await refused(await post(typed));
    expect(page.status).toBe(400);
    expect(page.fields).toMatchObject(typed);
    expect(page.text).toContain("Ange en giltig e-postadress, till exempel namn@exempel.se.");
    expect(page.text).toContain("Meddelandet måste vara minst 10 tecken.");
    expect(page.text).not.toContain("Ange ditt namn.");
    expect(await storedMessages()).toHaveLength(0);
  });

  it("enforces the length limits as the database counts characters", async () => {
    const tooLong = await refused(await post({ ...VALID, name: "x".repeat(101), message: "y".repeat(5001) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain("Namnet får vara högst 100 tecken.");
    expect(tooLong.text).toContain("Meddelandet får vara högst 5 000 tecken.");
    const longEmail = await refused(await post({ ...VALID, email: `${"a".repeat(250)}@ex.se` }));
    expect(longEmail.text).toContain("E-postadressen får vara högst 254 tecken.");
    // Five emoji are ten UTF-16 units but five characters: too short.
    const emoji = await refused(await post({ ...VALID, message: "😀😀😀😀😀" }));
    expect(emoji.text).toContain("Meddelandet måste vara minst 10 tecken.");

    // Exactly at the limits is fine.
    expect((await post({ ...VALID, name: "n".repeat(100), message: "m".repeat(5000) })).status).toBe(302);
    expect(await storedMessages()).toHaveLength(1);
  });

  it("pretends to accept a robot that fills in the honeypot, and stores nothing", async () => {
    const response = await post({ ...VALID, website: "https://spam.example" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    expect(response.headers.get("Set-Cookie")).toBeTruthy();
    // Even with invalid fields: a robot learns nothing from the answer.
    expect((await post({ name: "", email: "x", message: "", website: "spam" })).status).toBe(302);
    expect(await storedMessages()).toHaveLength(0);
  });

  it("answers 413 to a body far bigger than any message", async () => {
    expect((await post({ ...VALID, message: "x".repeat(1024 * 1024) })).status).toBe(413);
    expect(await storedMessages()).toHaveLength(0);
  });

  it("validates missing fields the same as empty ones", async () => {
    const page = await refused(await post({}));
    expect(page.status).toBe(400);
    for (const error of ["Ange ditt namn.", "Ange din e-postadress.", "Skriv ditt meddelande."]) expect(page.text).toContain(error);
  });
});

for (const database of testDatabases()) {
  describe(`contact_messages on ${database.name}`, () => {
    let handle: Awaited<ReturnType<typeof database.open>>;
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(async () => {
      await handle?.close();
    });

    const insert = (values: { name: string; email: string; message: string }) =>
      handle.db.insertInto("contact_messages").values(values).execute();

    it("keeps its own limits, whatever the app checks", async () => {
      await expect(insert({ name: "Anna", email: "anna@example.se", message: "Tio tecken" })).resolves.toBeDefined();
      await expect(insert({ name: "   ", email: "anna@example.se", message: "Tio tecken" })).rejects.toThrow(
        /contact_messages_name_length/,
      );
      await expect(insert({ name: "x".repeat(101), email: "anna@example.se", message: "Tio tecken" })).rejects.toThrow(
        /contact_messages_name_length/,
      );
      await expect(insert({ name: "Anna", email: `${"a".repeat(250)}@ex.se`, message: "Tio tecken" })).rejects.toThrow(
        /contact_messages_email_length/,
      );
      await expect(insert({ name: "Anna", email: "anna@example.se", message: "kort" })).rejects.toThrow(/contact_messages_message_length/);
      await expect(insert({ name: "Anna", email: "anna@example.se", message: "m".repeat(5001) })).rejects.toThrow(
        /contact_messages_message_length/,
      );
    });

    it("has row level security on and no policies: only the app's own role reads it", async () => {
      const { sql } = await import("kysely");
      const { rows } = await sql<{ relrowsecurity: boolean }>`
        select relrowsecurity from pg_class where oid = 'public.contact_messages'::regclass`.execute(handle.db);
      expect(rows[0]?.relrowsecurity).toBe(true);
      const policies = await sql<{ policyname: string }>`
        select policyname from pg_policies where schemaname = 'public' and tablename = 'contact_messages'`.execute(handle.db);
      expect(policies.rows).toEqual([]);
    });
  });
}
