import { describe, expect, it } from "vitest";
import { z } from "#app/utils/zod.ts";
import {
  CONFIRMED,
  confirmedField,
  intentArgument,
  intentTakingArgument,
  intentWithArgument,
  isActionRefusal,
  UNKNOWN_INTENT_MESSAGE,
} from "./action-fields.ts";
import { askFirst, dispatchIntent, intent, isConfirmed, postedIntent, refuse } from "./action-kit.server.ts";

const form = (fields: [string, string][]) => {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return body;
};

/** What data() wraps: its payload and status. */
const unwrap = (reply: unknown) => reply as { data: unknown; init: ResponseInit | null };

const intents = {
  add: intent(z.object({ name: z.string().min(1) }), (value) => ({ added: value.name })),
  remove: intent(z.object({ id: z.string().regex(/^\d+$/), confirm: confirmedField }), async (value) => ({
    removed: value.id,
    confirmed: value.confirm,
  })),
  edit: intent(z.object({ name: z.string().min(2, "Too short") }), (value) => ({ edited: value.name }), {
    invalid: (submission) => ({ errors: submission.reply().error }),
  }),
};

describe("dispatchIntent", () => {
  it("calls the one function of the intent a post names, with the values its schema parsed", async () => {
    expect(
      await dispatchIntent(
        form([
          ["intent", "add"],
          ["name", "Visby"],
        ]),
        intents,
      ),
    ).toEqual({ added: "Visby" });
    expect(
      await dispatchIntent(
        form([
          ["intent", "remove"],
          ["id", "7"],
          ["confirm", CONFIRMED],
        ]),
        intents,
      ),
    ).toEqual({
      removed: "7",
      confirmed: true,
    });
    expect(
      await dispatchIntent(
        form([
          ["intent", "remove"],
          ["id", "7"],
          ["confirm", "YES"],
        ]),
        intents,
      ),
    ).toEqual({
      removed: "7",
      confirmed: false,
    });
  });

  it("answers one 400 with a sentence for the page to a missing, unknown, inherited or doubled intent", async () => {
    for (const fields of [
      [["name", "Visby"]],
      [
        ["intent", "drop"],
        ["name", "Visby"],
      ],
      [["intent", "toString"]],
      [["intent", "__proto__"]],
      [
        ["intent", "add"],
        ["intent", "remove"],
        ["name", "Visby"],
      ],
    ] as [string, string][][]) {
      const reply = unwrap(await dispatchIntent(form(fields), intents));
      expect(reply.init?.status).toBe(400);
      expect(reply.data).toMatchObject({ refusal: UNKNOWN_INTENT_MESSAGE, result: { error: { "": [UNKNOWN_INTENT_MESSAGE] } } });
      expect(isActionRefusal(reply.data)).toBe(true);
    }
  });

  it("keeps the fields as posted in the refusal's conform reply, for a form to show them again", async () => {
    const reply = unwrap(
      await dispatchIntent(
        form([
          ["intent", "publish"],
          ["text", "Mitt utkast <b>"],
        ]),
        intents,
      ),
    );
    expect(reply.data).toMatchObject({ result: { initialValue: { intent: "publish", text: "Mitt utkast <b>" } } });
  });

  it("takes the same intent twice as that intent (a button and a hidden field naming it)", async () => {
    expect(
      await dispatchIntent(
        form([
          ["intent", "add"],
          ["intent", "add"],
          ["name", "Visby"],
        ]),
        intents,
      ),
    ).toEqual({ added: "Visby" });
  });

  it("refuses a post its schema does not pass with 400, or answers the intent's own invalid reply", async () => {
    const refused = unwrap(
      await dispatchIntent(
        form([
          ["intent", "remove"],
          ["id", "x"],
        ]),
        intents,
      ),
    );
    expect(refused.init?.status).toBe(400);
    expect(isActionRefusal(refused.data)).toBe(true);
    expect(
      await dispatchIntent(
        form([
          ["intent", "edit"],
          ["name", "V"],
        ]),
        intents,
      ),
    ).toEqual({ errors: { name: ["Too short"] } });
  });

  it("leaves the fields as posted unless the intent asks for coercion", async () => {
    const optional = z.object({ note: z.string().optional() });
    const raw = await dispatchIntent(
      form([
        ["intent", "x"],
        ["note", ""],
      ]),
      { x: intent(optional, (value) => value) },
    );
    expect(raw).toEqual({ note: "" });
    const coerced = await dispatchIntent(
      form([
        ["intent", "x"],
        ["note", ""],
      ]),
      { x: intent(optional, (value) => value, { coerce: true }) },
    );
    expect(coerced).toEqual({});
  });
});

describe("dispatchIntent's intents with an argument, conform's own intents and its own unknown answer", () => {
  const rows = {
    [intentTakingArgument("upload")]: intent(
      z.looseObject({ intent: intentArgument("upload", z.string().regex(/^\d+$/).transform(Number)) }),
      (value) => ({ row: value.intent }),
    ),
    save: intent(z.looseObject({}), () => "saved"),
  };

  it("runs an intent with an argument for its button's value, its schema reading the argument", async () => {
    expect(await dispatchIntent(form([["intent", intentWithArgument("upload", 3)]]), rows)).toEqual({ row: 3 });
    for (const value of ["upload:x", "upload:", "save:1", "uploads:1", ":1"]) {
      const reply = unwrap(await dispatchIntent(form([["intent", value]]), rows));
      expect(reply.init?.status, value).toBe(400);
    }
    // Without the argument it names no intent at all.
    expect(unwrap(await dispatchIntent(form([["intent", "upload"]]), rows)).data).toMatchObject({ refusal: UNKNOWN_INTENT_MESSAGE });
  });

  it("answers a post carrying one of conform's own intents by formChange, and a post naming nothing by `unknown`", async () => {
    const options = { formChange: () => "form changed", unknown: () => "not understood" };
    const conformIntent = JSON.stringify({ type: "insert", payload: { name: "rows" } });
    expect(await dispatchIntent(form([["__intent__", conformIntent]]), rows, options)).toBe("form changed");
    expect(await dispatchIntent(form([["__intent__", "{not json"]]), rows, options)).toBe("not understood");
    expect(await dispatchIntent(form([["intent", "drop"]]), rows, options)).toBe("not understood");
    // A post naming both is no post a form makes: the screen's intent is read, and refuses it.
    const both = form([
      ["intent", "save"],
      ["__intent__", conformIntent],
    ]);
    expect(unwrap(await dispatchIntent(both, rows, options)).init?.status).toBe(400);
    // Without formChange, conform's intent is no intent of the screen's.
    expect(unwrap(await dispatchIntent(form([["__intent__", conformIntent]]), rows)).init?.status).toBe(400);
  });
});

describe("the kit's small parts", () => {
  it("reads the posted intent", () => {
    expect(postedIntent(form([["intent", "add"]]))).toBe("add");
    expect(postedIntent(form([]))).toBeNull();
  });

  it("refuses with a message of the caller's", () => {
    expect(unwrap(refuse("No.")).data).toEqual({ refusal: "No." });
    expect(isActionRefusal({ result: {} })).toBe(false);
    expect(isActionRefusal(null)).toBe(false);
  });

  it("asks first for an unconfirmed post, and lets a confirmed one through", () => {
    expect(isConfirmed(form([["confirm", CONFIRMED]]))).toBe(true);
    expect(isConfirmed(form([["confirm", "no"]]))).toBe(false);
    const asked = askFirst(false, "/admin/x?ask=1");
    expect(asked?.status).toBe(302);
    expect(asked?.headers.get("Location")).toBe("/admin/x?ask=1");
    expect(askFirst(true, "/admin/x?ask=1")).toBeNull();
  });
});
