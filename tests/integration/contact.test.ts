/**
 * The contact form: the /contact action called as React Router calls it, against the app's
 * own embedded database (a temporary DATA_DIR), and the table's own limits on both drivers.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider, type RouterContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "#tests/db.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hg-contact-"));
process.env.DATA_DIR = dataDir;

const { getAppDatabase, closeAppDatabase } = await import("#app/db/db.server.ts");
const { migrate } = await import("#app/operations/migrate.server.ts");
const { readFlash, FLASH_COOKIE } = await import("#app/http/flash.server.ts");
const { CONTACT_THANKS, contactSchema } = await import("#app/contact/contact-form.ts");
const { parseWithZod } = await import("@conform-to/zod/v4");
const contact = await import("#app/routes/site/contact.tsx");
const { clientAddressContext } = await import("#app/auth/request-auth.server.ts");

const VALID = { name: "  Anna Andersson ", email: "anna@example.se", message: "Hej! Hotellet i Visby saknar adress." };

let nextAddress = 1;
/** Each post from an address of its own (one address is limited to a few messages an hour), unless given. */
function post(fields: Record<string, string>, headers: Record<string, string> = {}, address = `192.0.2.${nextAddress++}`) {
  const request = new Request("http://localhost/contact", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers,
  });
  const context = new RouterContextProvider(new Map<RouterContext<unknown>, unknown>([[clientAddressContext, address]]));
  return contact.action({ request, params: {}, context } as never);
}

/** The action's answer for a form it turns down: `data({ result: submission.reply() }, { status })`. */
type Rejected = {
  data: { result: { status: string; initialValue: Record<string, string>; error?: Record<string, string[]> } };
  init: { status: number; headers?: Record<string, string> };
};

async function storedMessages() {
  return getAppDatabase().db.selectFrom("contact_messages").selectAll().orderBy("created_at").execute();
}

beforeAll(async () => {
  await migrate(undefined, getAppDatabase().db);
});
beforeEach(async () => {
  await getAppDatabase().db.deleteFrom("contact_messages").execute();
});
afterAll(async () => {
  await closeAppDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("/contact action", () => {
  it("takes five messages an hour from one address; the sixth is refused with the text kept, and not stored", async () => {
    for (let i = 0; i < 5; i++) expect(((await post(VALID, {}, "198.51.100.200")) as Response).status).toBe(302);
    const refused = (await post(
      { ...VALID, message: "Ett sjätte meddelande från samma adress." },
      {},
      "198.51.100.200",
    )) as unknown as Rejected;
    expect(refused.init.status).toBe(429);
    expect(Number(refused.init.headers!["Retry-After"])).toBeGreaterThan(0);
    expect(refused.data.result.error).toEqual({ "": [contact.CONTACT_LIMITED] });
    expect(refused.data.result.initialValue.message).toBe("Ett sjätte meddelande från samma adress.");
    expect(await storedMessages()).toHaveLength(5);
    // Another address is not affected.
    expect(((await post(VALID, {}, "198.51.100.201")) as Response).status).toBe(302);
  });

  it("stores a valid message (trimmed) and redirects to /contact with the thank-you flash", async () => {
    const response = (await post(VALID)) as Response;
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toContain(`${FLASH_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/i);

    const cookie = setCookie.split(";")[0]!;
    const { flash } = await readFlash(new Request("http://localhost/contact", { headers: { Cookie: cookie } }));
    expect(flash).toEqual({ title: "Tack för ditt meddelande", description: "Vi svarar så snart vi kan." });
    expect(flash).toEqual(CONTACT_THANKS);

    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Anna Andersson", email: "anna@example.se", message: VALID.message });
    expect(rows[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.created_at).toBeInstanceOf(Date);
  });

  it("turns down an empty form with 400, a Swedish error per field and nothing stored", async () => {
    const result = (await post({ name: "", email: "", message: "" })) as unknown as Rejected;
    expect(result.init.status).toBe(400);
    expect(result.data.result.error).toEqual({
      name: ["Ange ditt namn."],
      email: ["Ange din e-postadress."],
      message: ["Skriv ditt meddelande."],
    });
    expect(await storedMessages()).toHaveLength(0);
  });

  it("gives back exactly what was typed, with errors only on the bad fields", async () => {
    const typed = { name: "  Bo ", email: "bo@@exempel", message: "För kort" };
    const result = (await post(typed)) as unknown as Rejected;
    expect(result.init.status).toBe(400);
    expect(result.data.result.initialValue).toEqual(typed);
    expect(result.data.result.error).toEqual({
      email: ["Ange en giltig e-postadress, till exempel namn@exempel.se."],
      message: ["Meddelandet måste vara minst 10 tecken."],
    });
    expect(await storedMessages()).toHaveLength(0);
  });

  it("enforces the length limits as the database counts characters", async () => {
    const tooLong = (await post({ ...VALID, name: "x".repeat(101), message: "y".repeat(5001) })) as unknown as Rejected;
    expect(tooLong.data.result.error).toEqual({
      name: ["Namnet får vara högst 100 tecken."],
      message: ["Meddelandet får vara högst 5\u00a0000 tecken."],
    });
    const longEmail = (await post({ ...VALID, email: `${"a".repeat(250)}@ex.se` })) as unknown as Rejected;
    expect(longEmail.data.result.error).toEqual({ email: ["E-postadressen får vara högst 254 tecken."] });
    // Five emoji are ten UTF-16 units but five characters: too short.
    const emoji = (await post({ ...VALID, message: "😀😀😀😀😀" })) as unknown as Rejected;
    expect(emoji.data.result.error).toEqual({ message: ["Meddelandet måste vara minst 10 tecken."] });

    // Exactly at the limits is fine.
    const atLimits = (await post({ ...VALID, name: "n".repeat(100), message: "m".repeat(5000) })) as Response;
    expect(atLimits.status).toBe(302);
    expect(await storedMessages()).toHaveLength(1);
  });

  it("pretends to accept a robot that fills in the honeypot, and stores nothing", async () => {
    const response = (await post({ ...VALID, website: "https://spam.example" })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    expect(response.headers.get("Set-Cookie")).toContain(`${FLASH_COOKIE}=`);
    // Even with invalid fields: a robot learns nothing from the answer.
    const invalid = (await post({ name: "", email: "x", message: "", website: "spam" })) as Response;
    expect(invalid.status).toBe(302);
    expect(await storedMessages()).toHaveLength(0);
  });

  it("answers 413 to a body far bigger than any message", async () => {
    const status = await post(VALID, { "Content-Length": String(1024 * 1024) }).then(
      () => 200,
      (error: { init?: { status?: number } }) => error.init?.status ?? 500,
    );
    expect(status).toBe(413);
  });

  it("validates missing fields the same as empty ones", () => {
    const submission = parseWithZod(new FormData(), { schema: contactSchema, disableAutoCoercion: true });
    expect(submission.status).toBe("error");
    expect(Object.keys(submission.reply().error ?? {})).toEqual(["name", "email", "message"]);
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
