/**
 * The bad-input sweep: every route in app/routes.ts (found by walking the route table, so a
 * new route cannot escape) gets hostile query strings, hostile path segments and hostile
 * form posts, as an anonymous visitor and as an administrator. It fails on any 5xx, any
 * hostile markup echoed unescaped into something a browser renders as markup, any redirect
 * off the site or injected header, and any change to the data a refused request must not
 * make (a hash of every row of the tables that matter, before and after each request).
 *
 * A route needs nothing written here: the generic cases reach every route of the table, a
 * route's parameters get values from the seeded data (PARAM_SAMPLES in route-table.ts, the one
 * map a route with parameters must be in), and an action without cases of its own gets cases
 * made from the forms on its page. SWEEP below holds what a route needs beyond that: an
 * action's own cases (its real field names, made hostile, and the tables an accepted post may
 * change), queries that open a code path, posts the guard must refuse.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotelPath } from "#app/utils/paths.ts";
import {
  Browser,
  formFields,
  signIn,
  singleFetchPath,
  startTestApp,
  TEST_ADMIN,
  unescapeAttribute,
  type TestApp,
} from "#tests/app-server.ts";
import { genericPosts, PATH_SEGMENTS, QUERY_VARIANTS, responseProblems, SQL, XSS_ATTRIBUTE, XSS_SCRIPT } from "./hostile-input.ts";
import {
  fillPath,
  isAdminRoute,
  routesWithoutSamples,
  routeTable,
  sampleParams,
  samplePath,
  samplesWithoutRoutes,
  type RouteSamples,
  type TableRoute,
} from "./route-table.ts";

/** The tables a refused request must leave as they were. */
const TRACKED = [
  "hotels",
  "hotels_blog_posts",
  "popular_locations",
  "popular_destinations",
  "contact_messages",
  "users",
  "admin_users",
  "ai_jobs",
  "ai_job_items",
  "outbound_clicks",
  "partners",
  "place_landmarks",
] as const;
type Table = (typeof TRACKED)[number];
type Role = "anonymous" | "admin";

interface Seed extends RouteSamples {
  hotel: { hotel_id: string; country: string; location: string; slug: string; affiliate: boolean; district: string };
  hostileHotelId: string;
  post: { id: string; slug: string };
  draftId: string;
  jobId: string;
  messageId: string;
  destinationId: string;
  /** Every place's checkbox value on the popular-locations screen. */
  places: string[];
}

interface PostCase {
  label: string;
  body: BodyInit;
  /** Content-Type, when not the one fetch derives from the body. */
  type?: string;
  /** Query string on the action's URL. */
  query?: string;
  /** Tables the request may change when the action accepts it (hostile text stored as data). */
  changes?: Table[];
  /** It replaces the session it comes with (a good sign-in): sent from a fresh session. */
  fresh?: true;
}

interface QueryCase {
  label: string;
  query: string;
  changes?: Table[];
}

interface SweepEntry {
  /** GETs of this route beyond the generic ones: values that open a code path for the hostile ones. */
  queries?: (seed: Seed) => QueryCase[];
  /** The action's cases; without them, an action gets cases made from the forms on its page (`formPosts`). */
  posts?: (seed: Seed) => PostCase[];
  /** Admin routes: posts the action would accept; sent only anonymously, where the guard must refuse them. */
  guarded?: (seed: Seed) => PostCase[];
  /** A post ends the session it comes with (sign-out): each is sent from a fresh session. */
  endsSession?: true;
  /** Tables any administrator's post may change: an action without an intent, where every post is a save. */
  everyPostSaves?: Table[];
}

const form = (label: string, fields: [string, string][], extra: Omit<PostCase, "label" | "body"> = {}): PostCase => ({
  label,
  body: new URLSearchParams(fields),
  ...extra,
});

const multipart = (label: string, fields: [string, string | File][], extra: Omit<PostCase, "label" | "body"> = {}): PostCase => {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return { label, body, ...extra };
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const EMPTY_UUID = "00000000-0000-4000-8000-000000000000";
const DASHES = "-".repeat(36);

/** A post the editor accepts: a title and one paragraph. */
const validPost = (title: string): [string, string][] => [
  ["title", title],
  ["blocks[0].type", "paragraph"],
  ["blocks[0].content", "Ett stycke."],
];

/** A post of the editor's save button (its intent: the browser sends the clicked button's). */
const save = (label: string, fields: [string, string][], extra: Omit<PostCase, "label" | "body"> = {}) =>
  form(label, [["intent", "save"], ...fields], extra);

/** The editor's cases; `accepts` adds a post full of hostile text that is valid and saved. */
function editorPosts(accepts: boolean): PostCase[] {
  const cases: PostCase[] = [
    save("no title, no blocks", [["slug", XSS_SCRIPT]]),
    save("javascript: cover image", [...validPost("Omslag"), ["coverImage", "javascript:alert(1)"]]),
    save("javascript: URL in an image block", [
      ["title", "Bild"],
      ["blocks[0].type", "image"],
      ["blocks[0].url", "javascript:alert(1)"],
    ]),
    save("data: URL in a button block", [
      ["title", "Knapp"],
      ["blocks[0].type", "button"],
      ["blocks[0].url", "data:text/html,<script>alert(1)</script>"],
    ]),
    save("protocol-relative image URL", [
      ["title", "Bild"],
      ["blocks[0].type", "image"],
      ["blocks[0].url", "//evil.example/x.png"],
    ]),
    save("unknown block type", [
      ["title", "Typ"],
      ["blocks[0].type", "script"],
      ["blocks[0].content", XSS_SCRIPT],
    ]),
    save("heading level as text and out of range", [
      ["title", "Rubrik"],
      ["blocks[0].type", "heading"],
      ["blocks[0].level", "abc"],
      ["blocks[0].content", "x"],
      ["blocks[1].type", "heading"],
      ["blocks[1].level", "99"],
      ["blocks[1].content", "x"],
    ]),
    save("published and external as JSON", [
      ...validPost("Publicerad"),
      ["published", '{"a":1}'],
      ["blocks[1].type", "button"],
      ["blocks[1].external", "[true]"],
    ]),
    save("blocks as a JSON string", [
      ["title", "JSON"],
      ["blocks", '[{"type":"paragraph","content":"x"}]'],
    ]),
    save("a huge block index", [
      ["title", "Index"],
      ["blocks[99999999].type", "paragraph"],
      ["blocks[99999999].content", "x"],
    ]),
    save("a negative block index", [
      ["title", "Index"],
      ["blocks[-1].type", "paragraph"],
      ["blocks[-1].content", "x"],
    ]),
    save("301 blocks", [
      ["title", "Många"],
      ...Array.from({ length: 301 }, (_, i): [string, string][] => [
        [`blocks[${i}].type`, "paragraph"],
        [`blocks[${i}].content`, "x"],
      ]).flat(),
    ]),
    save("title above 200 characters", validPost("x".repeat(201))),
    save("a NUL in the title", validPost("Rub\0rik")),
    save("duplicated title fields", [
      ["title", "a"],
      ["title", "b"],
      ["blocks[0].type", "paragraph"],
      ["blocks[0].content", "x"],
    ]),
    save("list items as a JSON string", [
      ["title", "Lista"],
      ["blocks[0].type", "list"],
      ["blocks[0].items", '["a","b"]'],
    ]),
    form("unknown intent", [...validPost(""), ["intent", XSS_SCRIPT]]),
    form("regenerate-slug without a title", [
      ["intent", "regenerate-slug"],
      ["title", "   "],
    ]),
    form("ai-generate without instructions", [
      ["intent", "ai-generate"],
      ["instructions", "  "],
    ]),
    form("ai-generate with hostile instructions", [
      ["intent", "ai-generate"],
      ["title", XSS_SCRIPT],
      ["instructions", `${XSS_ATTRIBUTE} ${SQL}`],
    ]),
    form("upload-block with a number that is not one", [["intent", "upload-block:NaN"]]),
    multipart("upload-block at a huge index", [
      ["intent", "upload-block:99999999"],
      ["blockFile-99999999", new File([PNG], "x.png", { type: "image/png" })],
    ]),
    multipart("upload: not an image", [
      ["intent", "upload-cover"],
      ["coverFile", new File([XSS_SCRIPT], "x.png", { type: "image/png" })],
    ]),
    multipart("upload: SVG with a script", [
      ["intent", "upload-cover"],
      ["coverFile", new File([`<svg xmlns="http://www.w3.org/2000/svg">${XSS_SCRIPT}</svg>`], "x.svg", { type: "image/svg+xml" })],
    ]),
    multipart("upload: a PNG with a hostile name", [
      ["intent", "upload-cover"],
      ["title", XSS_SCRIPT],
      ["coverFile", new File([PNG], `${XSS_ATTRIBUTE}.png`, { type: "image/png" })],
    ]),
    multipart("upload: 6 MB (above the 5 MB limit)", [
      ["intent", "upload-cover"],
      ["coverFile", new File([PNG, new Uint8Array(6 * 1024 * 1024)], "big.png", { type: "image/png" })],
    ]),
    multipart("upload: 8 MB (above the body limit)", [
      ["intent", "upload-cover"],
      ["coverFile", new File([PNG, new Uint8Array(8 * 1024 * 1024)], "big.png", { type: "image/png" })],
    ]),
    form("conform intent that is not JSON", [...validPost("Intent"), ["__intent__", "{not json"]]),
    form("conform intent: remove block 99999999", [
      ...validPost("Intent"),
      ["__intent__", JSON.stringify({ type: "remove", payload: { name: "blocks", index: 99999999 } })],
    ]),
    form("conform intent: insert at -5", [
      ...validPost("Intent"),
      ["__intent__", JSON.stringify({ type: "insert", payload: { name: "blocks", index: -5, defaultValue: { type: "script" } } })],
    ]),
    form("conform intent: reorder far away", [
      ...validPost("Intent"),
      ["__intent__", JSON.stringify({ type: "reorder", payload: { name: "blocks", from: 0, to: 1e9 } })],
    ]),
    form("conform intent: update block 99999999", [
      ...validPost("Intent"),
      ["__intent__", JSON.stringify({ type: "update", payload: { name: "blocks", index: 99999999, value: { type: "paragraph" } } })],
    ]),
    form("conform intent: make the block list a text", [
      ...validPost("Intent"),
      ["__intent__", JSON.stringify({ type: "update", payload: { name: "blocks", value: "x" } })],
    ]),
    form("conform intent: insert into a text", [
      ...validPost("Intent"),
      ["__intent__", JSON.stringify({ type: "insert", payload: { name: "title" } })],
    ]),
    save("a block that is a text", [
      ["title", "Block"],
      ["blocks[0]", XSS_SCRIPT],
    ]),
    form("conform intent: update the prototype", [
      ...validPost("Intent"),
      ["__intent__", JSON.stringify({ type: "update", payload: { name: "__proto__", value: { polluted: "yes" } } })],
    ]),
  ];
  if (accepts) {
    cases.push(
      save(
        "hostile text in a valid post (stored, must be shown escaped)",
        [
          ["title", `${XSS_SCRIPT} ${XSS_ATTRIBUTE}`],
          ["excerpt", `${XSS_ATTRIBUTE} </script><script>alert(1)</script>`],
          ["coverImage", `/x.png${XSS_ATTRIBUTE}`],
          ["coverImageAlt", XSS_ATTRIBUTE],
          ["seoTitle", XSS_SCRIPT],
          ["seoDescription", XSS_ATTRIBUTE],
          ["blocks[0].type", "paragraph"],
          ["blocks[0].content", `${XSS_SCRIPT} ${SQL}`],
          ["blocks[1].type", "heading"],
          ["blocks[1].content", XSS_ATTRIBUTE],
          ["blocks[2].type", "image"],
          // An absolute address on our own origin (another host's images are refused: the CSP blocks them).
          ["blocks[2].url", `http://hotellguiden.test/x.png${XSS_ATTRIBUTE}`],
          ["blocks[2].alt", XSS_ATTRIBUTE],
          ["blocks[2].caption", XSS_SCRIPT],
          ["blocks[3].type", "button"],
          ["blocks[3].text", XSS_SCRIPT],
          ["blocks[3].url", `/hotels?x=${XSS_ATTRIBUTE}`],
          ["blocks[4].type", "list"],
          ["blocks[4].items[0]", XSS_SCRIPT],
          ["blocks[5].type", "quote"],
          ["blocks[5].content", XSS_ATTRIBUTE],
          ["blocks[5].cite", XSS_SCRIPT],
          ["published", "on"],
        ],
        { changes: ["hotels_blog_posts"] },
      ),
    );
  }
  return cases;
}

/** Every route of app/routes.ts, by route id. */
const SWEEP: Record<string, SweepEntry> = {
  // The public site's layout (no path of its own: it is swept at "/", like the home page).
  "routes/site/hotels": {
    queries: () => [
      {
        label: "a real country with hostile filters",
        query: `country=Sweden&location=${encodeURIComponent(XSS_SCRIPT)}&rating=4&sortera=toString&sida=2`,
      },
    ],
    posts: () => [
      form("no intent", [["query", "hotell"]]),
      form("unknown intent", [
        ["intent", XSS_SCRIPT],
        ["query", "hotell"],
      ]),
      form("duplicated intent, the first unknown", [
        ["intent", "x"],
        ["intent", "ai-recommend"],
        ["query", "hotell"],
      ]),
      form("missing query", [
        ["intent", "ai-recommend"],
        ["preferences", XSS_SCRIPT],
      ]),
      form("query above 500 characters", [
        ["intent", "ai-recommend"],
        ["query", "x".repeat(501)],
      ]),
      form("hostile query and preferences", [
        ["intent", "ai-recommend"],
        ["query", `${XSS_SCRIPT} ${SQL}`],
        ["preferences", XSS_ATTRIBUTE],
      ]),
      form("query as a JSON string and an array", [
        ["intent", "ai-recommend"],
        ["query", '{"$ne":null}'],
        ["preferences[]", "x"],
      ]),
      form("honeypot filled", [
        ["intent", "ai-recommend"],
        ["query", "hotell"],
        ["website", "https://spam.example"],
      ]),
      form("a NUL in the query", [
        ["intent", "ai-recommend"],
        ["query", "hotell i\0 Stockholm"],
      ]),
      form("body above the 8 kB limit", [
        ["intent", "ai-recommend"],
        ["query", "x".repeat(9 * 1024)],
      ]),
    ],
  },
  "routes/site/place.nara": {
    queries: () => [
      {
        label: "another landmark, an area and an order that are hostile or not read",
        query: `nara=${encodeURIComponent(XSS_SCRIPT)}&omrade=1,2,3&sortera=toString&rating=4&sida=9999`,
      },
    ],
  },
  // A list page's map markers (decision 082): the list's own parameters, hostile, with dates (the priced list) and an area.
  "routes/resources/resources.map-markers.$": {
    queries: () => [
      {
        label: "hostile filters, an area, a stay and an order",
        query: `omrade=59.3,18.0,59.4,18.1&incheckning=2099-01-01&utcheckning=2099-01-03&rating=${encodeURIComponent(XSS_SCRIPT)}&sortera=toString&bekvamlighet=${encodeURIComponent(SQL)}&search=${encodeURIComponent(XSS_ATTRIBUTE)}&sida=9999`,
      },
      { label: "an area that is not one", query: `omrade=${encodeURIComponent(XSS_SCRIPT)}&valuta=XXX&villkor=${encodeURIComponent(SQL)}` },
    ],
  },
  "routes/site/redirect": {
    queries: () => [
      // A partner host forwards (and records a click), so the hostile rest of the address meets the refresh and the link.
      {
        label: "a partner host with a hostile path, source and hotel",
        query: `to=${encodeURIComponent(`https://www.booking.com/x?a=${XSS_ATTRIBUTE}&b=${XSS_SCRIPT}`)}&source=${encodeURIComponent(XSS_SCRIPT)}&hotel=${encodeURIComponent(XSS_ATTRIBUTE)}`,
        changes: ["outbound_clicks"],
      },
      {
        label: "a partner host with a NUL in source and hotel",
        query: `to=${encodeURIComponent("https://www.booking.com/x")}&source=a%00b&hotel=a%00b`,
        changes: ["outbound_clicks"],
      },
      {
        label: "a foreign host with hostile userinfo",
        query: `to=${encodeURIComponent(`https://${encodeURIComponent(XSS_SCRIPT)}@evil.example/`)}`,
      },
    ],
  },
  "routes/site/jamfor": {
    queries: () => [
      {
        label: "hostile hotels and stay, a uuid among them",
        query: `hotell=${encodeURIComponent(XSS_SCRIPT)}&hotell=${encodeURIComponent(SQL)}&hotell=00000000-0000-4000-8000-000000000000&hotell=a%00b&incheckning=${encodeURIComponent(XSS_ATTRIBUTE)}&utcheckning=2026-02-30&vuxna=${encodeURIComponent(SQL)}&rum=-1`,
      },
    ],
  },
  // A price alert's links: the token is in the address; without a valid one every post is a 404 that changes nothing.
  "routes/site/bevakning": {
    posts: () => [
      form("no token", []),
      form("RFC 8058's one-click body without a token", [["List-Unsubscribe", "One-Click"]]),
      form("a script where a token would be", [["token", XSS_SCRIPT]]),
    ],
  },
  "routes/site/contact": {
    posts: () => {
      const valid: [string, string][] = [
        ["name", "Besökare"],
        ["email", "besok@example.se"],
        ["message", "Ett meddelande till redaktionen."],
      ];
      const but = (changes: [string, string][]) => [
        ...valid.filter(([name]) => !changes.some(([changed]) => changed === name)),
        ...changes,
      ];
      return [
        form("only a name", [["name", "Besökare"]]),
        form("duplicated fields, the first invalid", [
          ["name", ""],
          ["name", "Besökare"],
          ["email", "inte-en-adress"],
          ["email", "besok@example.se"],
          ["message", "kort"],
          ["message", "Ett meddelande till redaktionen."],
        ]),
        form("script in every field and no valid e-mail", [
          ["name", XSS_SCRIPT],
          ["email", XSS_ATTRIBUTE],
          ["message", SQL],
        ]),
        form("javascript: URL as the e-mail", but([["email", "javascript:alert(1)"]])),
        form("CRLF in the e-mail", but([["email", "besok@example.se\r\nBcc: all@evil.example"]])),
        form("name above 100 characters", but([["name", "x".repeat(101)]])),
        form("message above 5,000 characters", but([["message", "x".repeat(5001)]])),
        form("array field names", [
          ["name[]", "Besökare"],
          ["email[0]", "besok@example.se"],
          ["message[x]", "Ett meddelande till redaktionen."],
        ]),
        form("honeypot filled", [...valid, ["website", "https://spam.example"]]),
        form("a NUL in an otherwise valid message", but([["message", "Ett meddelande\0 till redaktionen."]])),
        form(
          "hostile text in a valid message (stored, must be shown escaped)",
          but([
            ["name", XSS_SCRIPT],
            ["message", `${XSS_ATTRIBUTE} ${SQL} ${XSS_SCRIPT}`],
          ]),
          { changes: ["contact_messages"] },
        ),
      ];
    },
  },
  "routes/auth/login": {
    queries: () => [{ label: "sign-up tab with a foreign redirect", query: "tab=skapa-konto&redirectTo=%2F%2Fevil.example%2F" }],
    posts: () => [
      form("script as the e-mail", [
        ["intent", "sign-in"],
        ["email", XSS_SCRIPT],
        ["password", "lösenord-123"],
      ]),
      form("SQL as the password", [
        ["intent", "sign-in"],
        ["email", "ingen@example.se"],
        ["password", "' OR '1'='1"],
      ]),
      form("JSON strings as the credentials", [
        ["intent", "sign-in"],
        ["email", '{"$ne":null}'],
        ["password", '{"$gt":""}'],
      ]),
      form("sign-up with a short password and a hostile e-mail", [
        ["intent", "sign-up"],
        ["email", XSS_ATTRIBUTE],
        ["password", "kort"],
      ]),
      form("sign-up with a password above 128 characters", [
        ["intent", "sign-up"],
        ["email", "ny@example.se"],
        ["password", "x".repeat(129)],
      ]),
      form("unknown intent", [
        ["intent", XSS_SCRIPT],
        ["email", "ingen@example.se"],
        ["password", "lösenord-123"],
      ]),
      form("array fields", [
        ["intent", "sign-in"],
        ["email[]", "ingen@example.se"],
        ["password[]", "lösenord-123"],
      ]),
      form("a NUL in the password", [
        ["intent", "sign-in"],
        ["email", "ingen@example.se"],
        ["password", "lösen\0ord-123"],
      ]),
      form("honeypot filled", [
        ["intent", "sign-in"],
        ["email", TEST_ADMIN.email],
        ["password", TEST_ADMIN.password],
        ["website", "https://spam.example"],
      ]),
      form("body above the 16 kB limit", [
        ["intent", "sign-in"],
        ["email", "ingen@example.se"],
        ["password", "x".repeat(17 * 1024)],
      ]),
      form(
        "a good sign-in sent to a foreign address",
        [
          ["intent", "sign-in"],
          ["email", TEST_ADMIN.email],
          ["password", TEST_ADMIN.password],
          ["redirectTo", "//evil.example/"],
        ],
        { fresh: true },
      ),
      form(
        "a good sign-in sent to javascript:",
        [
          ["intent", "sign-in"],
          ["email", TEST_ADMIN.email],
          ["password", TEST_ADMIN.password],
          ["redirectTo", "javascript:alert(1)"],
        ],
        { fresh: true },
      ),
      form(
        "a good sign-in with CRLF in the redirect",
        [
          ["intent", "sign-in"],
          ["email", TEST_ADMIN.email],
          ["password", TEST_ADMIN.password],
          ["redirectTo", "/\r\nSet-Cookie: injected=1"],
        ],
        { fresh: true },
      ),
      form(
        "a good sign-in sent to /\\ (a foreign host to browsers)",
        [
          ["intent", "sign-in"],
          ["email", TEST_ADMIN.email],
          ["password", TEST_ADMIN.password],
          ["redirectTo", "/\\evil.example"],
        ],
        { fresh: true },
      ),
      // A header carries ASCII only: these once made a 500 after the session was made, or a raw byte in Location.
      form(
        "a good sign-in sent to a path with an ideographic full stop",
        [
          ["intent", "sign-in"],
          ["email", TEST_ADMIN.email],
          ["password", TEST_ADMIN.password],
          ["redirectTo", "/。evil"],
        ],
        { fresh: true },
      ),
      form(
        "a good sign-in sent to a percent-encoded non-ASCII path",
        [
          ["intent", "sign-in"],
          ["email", TEST_ADMIN.email],
          ["password", TEST_ADMIN.password],
          ["redirectTo", "/%C3%BC"],
        ],
        { fresh: true },
      ),
    ],
  },
  "routes/auth/logout": {
    posts: () => [
      form("a foreign redirect", [
        ["redirectTo", "//evil.example/"],
        ["intent", XSS_SCRIPT],
      ]),
    ],
    endsSession: true,
  },
  "routes/admin/admin.hotels": {
    queries: () => [
      {
        label: "a real country, hostile place and selection",
        query: `country=Sweden&location=${encodeURIComponent(XSS_SCRIPT)}&affiliate=has&rewrite=${encodeURIComponent(XSS_ATTRIBUTE)}&select=all`,
      },
      {
        label: "hostile order and page, every match chosen",
        query: `sort=${encodeURIComponent(SQL)}&order=${encodeURIComponent(XSS_ATTRIBUTE)}&page=-1e9&select=matching`,
      },
      { label: "a page far past the last", query: "q=Stockholm&sort=location&order=desc&page=999999" },
    ],
    posts: () => [
      form("toggle of an unknown hotel (SQL)", [
        ["intent", "toggle"],
        ["toggle", `affiliate:${SQL}:true`],
      ]),
      form("toggle of an unknown hotel (script)", [
        ["intent", "toggle"],
        ["toggle", `rewritten:${XSS_SCRIPT}:false`],
      ]),
      form("malformed toggle", [
        ["intent", "toggle"],
        ["toggle", "affiliate:x"],
        ["toggle", "nope"],
      ]),
      form("a toggle without its intent", [["toggle", "affiliate:x:true"]]),
      form("a NUL in a toggled hotel id", [
        ["intent", "toggle"],
        ["toggle", "affiliate:a\0b:true"],
      ]),
      form("unknown intent", [
        ["intent", XSS_SCRIPT],
        ["hotel", SQL],
      ]),
      form("prototype names as intent", [
        ["intent", "__proto__"],
        ["hotel", "x"],
      ]),
      form("toString as intent", [
        ["intent", "toString"],
        ["hotel", "x"],
      ]),
      form("bulk action without hotels", [["intent", "set-affiliate"]]),
      form("bulk action on unknown hotels", [
        ["intent", "set-affiliate"],
        ["hotel", XSS_SCRIPT],
        ["hotel", SQL],
        ["hotel", "   "],
      ]),
      form("AI rewrite of unknown hotels", [
        ["intent", "rewrite-ai"],
        ["hotel", XSS_ATTRIBUTE],
      ]),
      form("affiliate URLs for unknown hotels", [
        ["intent", "generate-affiliate"],
        ["hotel", SQL],
      ]),
      form("a thousand unknown hotels", [
        ["intent", "set-affiliate"],
        ...Array.from({ length: 1000 }, (_, i): [string, string] => ["hotel", `X-${i}`]),
      ]),
      form("hostile filters on the action's address", [["intent", XSS_SCRIPT]], {
        query: `q=${encodeURIComponent(XSS_SCRIPT)}&country=${encodeURIComponent(XSS_ATTRIBUTE)}&location=x`,
      }),
      form("body above the 32 kB limit", [
        ["intent", "set-affiliate"],
        ["hotel", "x".repeat(33 * 1024)],
      ]),
      form("every match, not yet confirmed", [
        ["intent", "set-affiliate"],
        ["scope", "all"],
      ]),
      form("every match, confirmed with a count that does not hold", [
        ["intent", "revert-description"],
        ["scope", "all"],
        ["confirm", "yes"],
        ["expected", XSS_SCRIPT],
      ]),
      form("a revert of unknown hotels, not confirmed", [
        ["intent", "revert-description"],
        ["hotel", SQL],
      ]),
      form(
        "every match of a hostile filter",
        [
          ["intent", "unset-affiliate"],
          ["scope", "all"],
          ["confirm", "yes"],
          ["expected", "0"],
        ],
        { query: `q=${encodeURIComponent(XSS_SCRIPT)}` },
      ),
    ],
    guarded: (seed) => [
      form("a real toggle", [
        ["intent", "toggle"],
        ["toggle", `affiliate:${seed.hotel.hotel_id}:${!seed.hotel.affiliate}`],
      ]),
      form("a real bulk action", [
        ["intent", "unset-affiliate"],
        ["hotel", seed.hotel.hotel_id],
      ]),
      form("a real AI rewrite", [
        ["intent", "rewrite-ai"],
        ["hotel", seed.hotel.hotel_id],
      ]),
    ],
  },
  "routes/admin/admin.rewrite": {
    queries: (seed) => [
      { label: "a real hotel", query: `hotel=${encodeURIComponent(seed.hotel.hotel_id)}` },
      { label: "the hostile hotel", query: `hotel=${encodeURIComponent(seed.hostileHotelId)}` },
      { label: "a NUL in the hotel id", query: "hotel=a%00b" },
      { label: "the revert question for the hostile hotel", query: `hotel=${encodeURIComponent(seed.hostileHotelId)}&revert=1` },
    ],
    posts: (seed) => [
      form("save without a hotel", [
        ["intent", "save"],
        ["translation", XSS_SCRIPT],
      ]),
      form("save to an unknown hotel (SQL)", [
        ["intent", "save"],
        ["hotel_id", SQL],
        ["translation", XSS_SCRIPT],
      ]),
      form("save an empty translation", [
        ["intent", "save"],
        ["hotel_id", seed.hotel.hotel_id],
        ["translation", "   "],
      ]),
      form("translate an unknown hotel", [
        ["intent", "translate"],
        ["hotel_id", XSS_SCRIPT],
      ]),
      form("translate without a provider", [
        ["intent", "translate"],
        ["hotel_id", seed.hotel.hotel_id],
        ["translation", XSS_ATTRIBUTE],
      ]),
      form("unknown intent", [
        ["intent", XSS_SCRIPT],
        ["hotel_id", seed.hotel.hotel_id],
        ["translation", "x"],
      ]),
      form("a translation above 20,000 characters to an unknown hotel", [
        ["intent", "save"],
        ["hotel_id", "FINNS-INTE"],
        ["translation", "x".repeat(30_000)],
      ]),
      form("body above the 64 kB limit", [
        ["intent", "save"],
        ["hotel_id", seed.hotel.hotel_id],
        ["translation", "x".repeat(65 * 1024)],
      ]),
      form("a NUL in a translation of a real hotel", [
        ["intent", "save"],
        ["hotel_id", seed.hotel.hotel_id],
        ["translation", "Över\0satt."],
      ]),
      form("a NUL in the hotel id", [
        ["intent", "translate"],
        ["hotel_id", "a\0b"],
      ]),
      form("revert without a hotel", [
        ["intent", "revert"],
        ["confirm", "yes"],
      ]),
      form("revert an unknown hotel (SQL)", [
        ["intent", "revert"],
        ["hotel_id", SQL],
        ["confirm", "yes"],
      ]),
      form("revert a real hotel without the confirmation", [
        ["intent", "revert"],
        ["hotel_id", seed.hotel.hotel_id],
        ["confirm", XSS_SCRIPT],
      ]),
      form("revert a hostile hotel id, twice", [
        ["intent", "revert"],
        ["hotel_id", XSS_ATTRIBUTE],
        ["hotel_id", XSS_SCRIPT],
        ["confirm", "yes"],
      ]),
      form(
        "hostile translation saved (stored, must be shown escaped)",
        [
          ["intent", "save"],
          ["hotel_id", seed.hotel.hotel_id],
          ["translation", `${XSS_SCRIPT}\n${XSS_ATTRIBUTE}`],
        ],
        { changes: ["hotels"] },
      ),
    ],
    guarded: (seed) => [
      form("a real save", [
        ["intent", "save"],
        ["hotel_id", seed.hotel.hotel_id],
        ["translation", "Översatt."],
      ]),
      form("a real revert", [
        ["intent", "revert"],
        ["hotel_id", seed.hotel.hotel_id],
        ["confirm", "yes"],
      ]),
    ],
  },
  "routes/admin/admin.affiliate": {
    queries: (seed) => [
      { label: "a NUL in the hotel id", query: "hotel=a%00b&affiliate=a" },
      {
        label: "a real hotel with a hostile affiliate id",
        query: `hotel=${encodeURIComponent(seed.hotel.hotel_id)}&affiliate=${encodeURIComponent(XSS_ATTRIBUTE)}&source=ok&medium=ok`,
      },
      {
        label: "a real hotel with hostile UTM values",
        query: `hotel=${encodeURIComponent(seed.hotel.hotel_id)}&affiliate=a&source=${encodeURIComponent(XSS_SCRIPT)}&medium=${encodeURIComponent(SQL)}`,
      },
      { label: "the hostile hotel", query: `hotel=${encodeURIComponent(seed.hostileHotelId)}&affiliate=a` },
    ],
  },
  "routes/admin/admin.partners": {
    queries: () => [
      { label: "edit a real partner, another period", query: "edit=resekompassen&period=7" },
      { label: "edit a hostile id", query: `edit=${encodeURIComponent(XSS_SCRIPT)}&period=${encodeURIComponent(SQL)}` },
      { label: "edit as an array", query: "edit[]=resekompassen&edit=x" },
    ],
    posts: () => {
      const create = (changes: [string, string][]): [string, string][] => [
        ...(
          [
            ["intent", "create"],
            ["id", "lissabonresor"],
            ["name", "Lissabonresor"],
            ["host", "lissabonresor.example"],
            ["deepLinkTemplate", "in={checkin}"],
            ["active", "on"],
          ] as [string, string][]
        ).filter(([name]) => !changes.some(([changed]) => changed === name)),
        ...changes,
      ];
      return [
        form("create without fields", [["intent", "create"]]),
        form("create with a javascript: host", create([["host", "javascript:alert(1)"]])),
        form("create with markup as the host", create([["host", XSS_ATTRIBUTE]])),
        form("create with a javascript: logo", create([["logoUrl", "javascript:alert(1)"]])),
        form("create with a protocol-relative logo", create([["logoUrl", "//evil.example/logo.png"]])),
        form("create with markup as the template", create([["deepLinkTemplate", XSS_SCRIPT]])),
        form("create with SQL as the id", create([["id", SQL]])),
        form("create with a taken id", create([["id", "resekompassen"]])),
        form("create with a taken host", create([["host", "https://WWW.Resekompassen.example/x"]])),
        form("create with a NUL in the name", create([["name", "Lis\0sabon"]])),
        form("create with duplicated fields, the first empty", [
          ["intent", "create"],
          ["id", ""],
          ["id", "lissabonresor"],
          ["name", "Lissabonresor"],
          ["host", ""],
          ["host", "lissabonresor.example"],
        ]),
        form(
          "update an unknown partner",
          create([
            ["intent", "update"],
            ["id", "finns-inte"],
          ]),
        ),
        form(
          "update with markup as the id",
          create([
            ["intent", "update"],
            ["id", XSS_SCRIPT],
          ]),
        ),
        form("deactivate with SQL as the id", [
          ["intent", "deactivate"],
          ["id", SQL],
        ]),
        form("activate without an id", [["intent", "activate"]]),
        form("unknown intent with a real id", [
          ["intent", XSS_SCRIPT],
          ["id", "resekompassen"],
        ]),
        form("no intent, with a whole partner", create([]).slice(1)),
        form("body above the 16 kB limit", create([["name", "x".repeat(17 * 1024)]])),
        form(
          "hostile text in a valid partner (stored, must be shown escaped)",
          create([
            ["name", XSS_SCRIPT],
            ["logoUrl", `/x.png?${XSS_ATTRIBUTE}`],
            ["deepLinkTemplate", ""],
          ]),
          { changes: ["partners"] },
        ),
      ];
    },
    guarded: () => [
      form("a real deactivation", [
        ["intent", "deactivate"],
        ["id", "resekompassen"],
      ]),
      form("a real addition", [
        ["intent", "create"],
        ["id", "lissabonresor"],
        ["name", "Lissabonresor"],
        ["host", "lissabonresor.example"],
        ["active", "on"],
      ]),
    ],
  },
  "routes/admin/admin.partners.clicks[.]csv": {
    queries: () => [{ label: "a hostile period", query: `period=${encodeURIComponent(XSS_SCRIPT)}` }],
  },
  "routes/admin/admin.landmarks": {
    queries: (seed) => [
      { label: "a hostile place", query: `place=${encodeURIComponent(`${XSS_SCRIPT}/${SQL}`)}` },
      {
        label: "a real place with hostile ids to edit and remove",
        query: `place=${encodeURIComponent(`${seed.hotel.country}/${seed.hotel.location}`)}&edit=${encodeURIComponent(SQL)}&remove=${encodeURIComponent(XSS_SCRIPT)}`,
      },
    ],
    posts: (seed) => {
      const query = `place=${encodeURIComponent(`${seed.hotel.country}/${seed.hotel.location}`)}`;
      const add = (changes: [string, string][]): [string, string][] => [
        ["intent", "add-landmark"],
        ...(
          [
            ["name", "Stationen"],
            ["slug", ""],
            ["kind", "station"],
            ["latitude", "59.33"],
            ["longitude", "18.06"],
          ] as [string, string][]
        ).filter(([name]) => !changes.some(([changed]) => changed === name)),
        ...changes,
      ];
      return [
        form("add without fields", [["intent", "add-landmark"]], { query }),
        form("add to a place that does not exist", add([]), { query: `place=${encodeURIComponent(`${XSS_SCRIPT}/x`)}` }),
        form(
          "add with coordinates out of range",
          add([
            ["latitude", "91"],
            ["longitude", "-181"],
          ]),
          { query },
        ),
        form(
          "add with text as coordinates",
          add([
            ["latitude", SQL],
            ["longitude", XSS_SCRIPT],
          ]),
          { query },
        ),
        form("add with an unknown kind", add([["kind", XSS_SCRIPT]]), { query }),
        form("add with a hostile slug", add([["slug", "../../x?<b>"]]), { query }),
        form("add with a name above the limit", add([["name", "x".repeat(500)]]), { query }),
        form("add with hostile text as the name (stored, must be shown escaped)", add([["name", XSS_SCRIPT]]), {
          query,
          changes: ["place_landmarks"],
        }),
        form("edit with SQL as the id", [["id", SQL], ...add([["intent", "edit-landmark"]]).slice(1)], { query }),
        form("edit an unknown landmark", [["id", EMPTY_UUID], ...add([["intent", "edit-landmark"]]).slice(1)], { query }),
        form(
          "remove an unknown landmark, confirmed",
          [
            ["intent", "remove-landmark"],
            ["id", EMPTY_UUID],
            ["confirm", "yes"],
          ],
          { query },
        ),
        form("body above the 16 kB limit", add([["name", "x".repeat(17 * 1024)]]), { query }),
      ];
    },
    guarded: (seed) => [
      form(
        "a real addition",
        [
          ["intent", "add-landmark"],
          ["name", "Stationen"],
          ["kind", "station"],
          ["latitude", "59.33"],
          ["longitude", "18.06"],
        ],
        { query: `place=${encodeURIComponent(`${seed.hotel.country}/${seed.hotel.location}`)}` },
      ),
    ],
  },
  "routes/admin/admin.destinations": {
    queries: (seed) => [
      { label: "hostile ids to edit and remove", query: `edit=${encodeURIComponent(SQL)}&remove=${encodeURIComponent(XSS_SCRIPT)}` },
      { label: "a real card to edit and remove", query: `edit=${seed.destinationId}&remove=${seed.destinationId}` },
    ],
    posts: (seed) => {
      const add = (changes: [string, string][]): [string, string][] => [
        ["intent", "add"],
        ...(
          [
            ["name", "Lissabon"],
            ["description", "Sol och spårvagnar."],
            ["image", "https://example.com/l.jpg"],
          ] as [string, string][]
        ).filter(([name]) => !changes.some(([changed]) => changed === name)),
        ...changes,
      ];
      return [
        form("add without fields", [["intent", "add"]]),
        form("add with a javascript: image", add([["image", "javascript:alert(1)"]])),
        form("add with a data: link", add([["link", "data:text/html,<script>alert(1)</script>"]])),
        form("add with a protocol-relative link", add([["link", "//evil.example/"]])),
        form("add with a fragment as the image", add([["image", "#x"]])),
        form("add with a name above 80 characters", add([["name", "x".repeat(81)]])),
        form("add with a NUL in the name", add([["name", "Lis\0sabon"]])),
        form("add with duplicated fields, the first empty", [
          ["intent", "add"],
          ["name", ""],
          ["name", "Lissabon"],
          ["description", "x"],
          ["image", ""],
          ["image", "https://example.com/l.jpg"],
        ]),
        form("edit with SQL as the id", [["id", SQL], ...add([["intent", "edit"]]).slice(1)]),
        form("edit an unknown destination", [["id", EMPTY_UUID], ...add([["link", "/Portugal/Lisbon"]]).slice(1), ["intent", "edit"]]),
        form("edit a real destination with a javascript: image", [
          ["id", seed.destinationId],
          ["intent", "edit"],
          ...add([["image", "javascript:alert(1)"]]).slice(1),
        ]),
        form("remove without its confirmation", [
          ["intent", "remove"],
          ["id", seed.destinationId],
          ["confirm", XSS_SCRIPT],
        ]),
        form("remove with SQL as the id", [
          ["intent", "remove"],
          ["id", SQL],
        ]),
        form("remove with a UUID-shaped id that is not one", [
          ["intent", "remove"],
          ["id", DASHES],
        ]),
        form("remove an unknown destination", [
          ["intent", "remove"],
          ["id", EMPTY_UUID],
        ]),
        form("move an unknown destination", [
          ["intent", "up"],
          ["id", EMPTY_UUID],
        ]),
        form("move with a UUID-shaped id that is not one", [
          ["intent", "down"],
          ["id", DASHES],
        ]),
        form("unknown intent with a real id", [
          ["intent", XSS_SCRIPT],
          ["id", seed.destinationId],
        ]),
        form("no intent, with a real id and a whole destination", [
          ["id", seed.destinationId],
          ["name", "Lissabon"],
          ["description", "Sol."],
          ["image", "https://example.com/l.jpg"],
        ]),
        form("body above the 16 kB limit", add([["description", "x".repeat(17 * 1024)]])),
        form(
          "hostile text in a valid destination (stored, must be shown escaped)",
          add([
            ["name", XSS_SCRIPT],
            ["description", XSS_ATTRIBUTE],
            ["image", `/x.png${XSS_ATTRIBUTE}`],
            ["price", XSS_SCRIPT],
            ["link", `/hotels?x=${XSS_ATTRIBUTE}`],
          ]),
          { changes: ["popular_destinations"] },
        ),
      ];
    },
    guarded: (seed) => [
      form("a real removal", [
        ["intent", "remove"],
        ["id", seed.destinationId],
        ["confirm", "yes"],
      ]),
      form("a real addition", [
        ["intent", "add"],
        ["name", "Lissabon"],
        ["description", "Sol."],
        ["image", "https://example.com/l.jpg"],
        // A link that finds hotels: the action refuses one that does not.
        ["link", "/Portugal/Lisbon"],
      ]),
    ],
  },
  "routes/admin/admin.popular-locations": {
    // A save of the places it names (unknown ones dropped; none at all clears the list) rewrites
    // the list even when it stays the same.
    everyPostSaves: ["popular_locations"],
    posts: (seed) => [
      form("more than 12 real places", [["intent", "save"], ...seed.places.map((place): [string, string] => ["place", place])]),
      form("unknown and malformed places", [
        ["intent", "save"],
        ["place", XSS_SCRIPT],
        ["place", '{"a":1}'],
        ["place", "[1,2]"],
        ["place", '["Sweden"]'],
        ["place", SQL],
      ]),
      form("a real place next to hostile ones", [
        ["intent", "save"],
        ["place", seed.places[0]!],
        ["place[]", XSS_ATTRIBUTE],
        ["place", `["${XSS_SCRIPT}","x"]`],
      ]),
      form("a real place without the intent", [["place", seed.places[0]!]]),
      form("body above the 64 kB limit", [
        ["intent", "save"],
        ["place", "x".repeat(65 * 1024)],
      ]),
    ],
    guarded: (seed) => [
      form("a real choice", [
        ["intent", "save"],
        ["place", seed.places[1]!],
      ]),
    ],
  },
  "routes/admin/admin.menu": {
    posts: () => [
      form("hostile and malformed positions", [
        ["intent", "save"],
        ["countries[0]", XSS_SCRIPT],
        ["countries[1]", SQL],
        ["countries[2]", XSS_ATTRIBUTE],
      ]),
      form("a country twice, one without hotels", [
        ["intent", "save"],
        ["countries[0]", "SE"],
        ["countries[1]", "SE"],
        ["countries[2]", "AQ"],
      ]),
      form("more positions than the menu has", [
        ["intent", "save"],
        ...Array.from({ length: 12 }, (_, index): [string, string] => [`countries[${index}]`, ""]),
      ]),
      form("a position not in a list", [
        ["intent", "save"],
        ["countries", "SE"],
      ]),
      form("a real order without the intent", [["countries[0]", "NO"]]),
      form("body above the 16 kB limit", [
        ["intent", "save"],
        ["countries[0]", "x".repeat(17 * 1024)],
      ]),
    ],
    guarded: () => [
      form("a real order", [
        ["intent", "save"],
        ["countries[0]", "NO"],
      ]),
    ],
  },
  "routes/admin/admin.sitemap": {
    queries: () => [{ label: "generated, hostile tab", query: `generate=1&tab=${encodeURIComponent(XSS_SCRIPT)}` }],
    posts: () => [
      form("not generated", [
        ["intent", "update-live"],
        ["generated", XSS_SCRIPT],
      ]),
      form("generated as an array", [
        ["intent", "update-live"],
        ["generated[]", "1"],
      ]),
      form("generated, with hostile extras", [
        ["intent", "update-live"],
        ["generated", "1"],
        ["xml", XSS_SCRIPT],
      ]),
    ],
    guarded: () => [
      form("a real update", [
        ["intent", "update-live"],
        ["generated", "1"],
      ]),
    ],
  },
  "routes/admin/admin.messages": {
    queries: () => [{ label: "hostile page number", query: "sida=-99999999999" }],
    posts: (seed) => [
      form("delete with SQL as the id", [
        ["intent", "delete"],
        ["id", SQL],
      ]),
      form("delete with a UUID-shaped id that is not one", [
        ["intent", "delete"],
        ["id", DASHES],
      ]),
      form("delete an unknown message", [
        ["intent", "delete"],
        ["id", EMPTY_UUID],
      ]),
      form("unknown intent with a real id", [
        ["intent", "remove"],
        ["id", seed.messageId],
      ]),
      form("id as an array", [
        ["intent", "delete"],
        ["id[]", seed.messageId],
      ]),
      form("hostile query on the action's address", [["intent", "x"]], { query: `sida=${encodeURIComponent(XSS_SCRIPT)}` }),
      form("body above the 4 kB limit", [
        ["intent", "delete"],
        ["id", "x".repeat(5 * 1024)],
      ]),
    ],
    guarded: (seed) => [
      form("a real deletion", [
        ["intent", "delete"],
        ["id", seed.messageId],
      ]),
    ],
  },
  "routes/admin/admin.blog": {
    queries: (seed) => [
      {
        label: "a real deletion question with a hostile search",
        query: `radera=${seed.post.id}&q=${encodeURIComponent(XSS_SCRIPT)}&sida=${encodeURIComponent(SQL)}`,
      },
    ],
    posts: (seed) => [
      form("delete with SQL as the id", [
        ["intent", "delete"],
        ["id", SQL],
      ]),
      form("delete with a UUID-shaped id that is not one", [
        ["intent", "delete"],
        ["id", DASHES],
      ]),
      form("delete an unknown post", [
        ["intent", "delete"],
        ["id", EMPTY_UUID],
      ]),
      form("unknown intent with a real id", [
        ["intent", XSS_SCRIPT],
        ["id", seed.post.id],
      ]),
      form("id as an array", [
        ["intent", "delete"],
        ["id[]", seed.post.id],
      ]),
      form("hostile query on the action's address", [["intent", "x"]], {
        query: `radera=${encodeURIComponent(XSS_SCRIPT)}&q=${encodeURIComponent(XSS_ATTRIBUTE)}`,
      }),
      form("body above the 4 kB limit", [
        ["intent", "delete"],
        ["id", "x".repeat(5 * 1024)],
      ]),
    ],
    guarded: (seed) => [
      form("a real deletion", [
        ["intent", "delete"],
        ["id", seed.post.id],
        ["confirm", "yes"],
      ]),
    ],
  },
  "admin-blog-new": { posts: () => editorPosts(true), guarded: () => [save("a real post", validPost("Nytt inlägg"))] },
  "admin-blog-edit": {
    posts: () => editorPosts(false),
    guarded: () => [form("a real update", validPost("Ändrat inlägg"))],
  },
  "routes/admin/admin.users": {
    queries: () => [
      {
        label: "a hostile question, search and page",
        query: `ask=${encodeURIComponent(XSS_SCRIPT)}&user=${encodeURIComponent(SQL)}&q=${encodeURIComponent(XSS_SCRIPT)}&sida=${encodeURIComponent(SQL)}`,
      },
      { label: "a real question about an unknown account", query: `ask=revoke&user=${EMPTY_UUID}` },
    ],
    posts: () => [
      form("grant with SQL as the account", [
        ["intent", "grant"],
        ["user", SQL],
      ]),
      form("revoke a UUID-shaped account that is not one", [
        ["intent", "revoke"],
        ["user", DASHES],
        ["confirm", "yes"],
      ]),
      form("end the sessions of an unknown account", [
        ["intent", "end-sessions"],
        ["user", EMPTY_UUID],
        ["confirm", "yes"],
      ]),
      form("unknown intent", [
        ["intent", "delete"],
        ["user", EMPTY_UUID],
      ]),
      form("body above the 4 kB limit", [
        ["intent", "grant"],
        ["user", "x".repeat(5 * 1024)],
      ]),
    ],
    guarded: () => [
      form("a confirmed revocation", [
        ["intent", "revoke"],
        ["user", EMPTY_UUID],
        ["confirm", "yes"],
      ]),
    ],
  },
  "routes/admin/admin.audit": {
    queries: () => [
      {
        label: "hostile filters and page",
        query: `who=${encodeURIComponent(XSS_SCRIPT)}&screen=${encodeURIComponent(SQL)}&sida=-99999999999`,
      },
    ],
  },
  "routes/admin/admin.connectors": {
    // Without a configured connector the page has no form: these are the test button's posts.
    posts: () => [
      form("test a partner without a connector", [
        ["intent", "test-connection"],
        ["partner_id", "booking"],
      ]),
      form("test a hostile partner id", [
        ["intent", "test-connection"],
        ["partner_id", XSS_SCRIPT],
      ]),
      form("test with SQL as the partner id", [
        ["intent", "test-connection"],
        ["partner_id", SQL],
      ]),
      form("test with no partner", [["intent", "test-connection"]]),
    ],
  },
  "routes/admin/admin.jobs.$id": {
    queries: () => [{ label: "auto refresh off", query: "auto=0" }],
    posts: () => [
      form("unknown intent", [["intent", XSS_SCRIPT]]),
      form("retry as a list", [["intent[]", "retry-failed"]]),
      form("body above the 1 kB limit", [
        ["intent", "retry-failed"],
        ["x", "x".repeat(2 * 1024)],
      ]),
    ],
    guarded: () => [form("a real retry", [["intent", "retry-failed"]])],
  },
  "routes/admin/admin.jobs": {
    queries: () => [
      { label: "a hostile page", query: `page=${encodeURIComponent(XSS_SCRIPT)}` },
      { label: "a page far past the last", query: "page=99999" },
    ],
    // The page has a form only while a job of the runner has failed: these are its button's posts.
    posts: () => [
      form("unknown intent", [["intent", XSS_SCRIPT]]),
      form("retry with no job", [["intent", "retry-job"]]),
      form("retry a job that is no uuid", [
        ["intent", "retry-job"],
        ["queue", "operations.housekeeping"],
        ["id", SQL],
      ]),
      form("retry in a hostile queue", [
        ["intent", "retry-job"],
        ["queue", XSS_SCRIPT],
        ["id", EMPTY_UUID],
      ]),
      form("retry a job that does not exist", [
        ["intent", "retry-job"],
        ["queue", "operations.housekeeping"],
        ["id", EMPTY_UUID],
      ]),
      form("body above the 1 kB limit", [
        ["intent", "retry-job"],
        ["x", "x".repeat(2 * 1024)],
      ]),
    ],
    guarded: () => [
      form("a real retry", [
        ["intent", "retry-job"],
        ["queue", "operations.housekeeping"],
        ["id", EMPTY_UUID],
      ]),
    ],
  },
};

let app: TestApp;
let seed: Seed;
const browsers = {} as Record<Role, Browser>;
const actions = new Map<string, boolean>();
const counts: Record<string, number> = {};

beforeAll(async () => {
  app = await startTestApp({ AFFILIATE_URL_TEMPLATE: "https://partner.example/hotel?q={query}&id={hotel_id}" });
  seed = await seedCatalogue();
  browsers.anonymous = new Browser(app.origin);
  browsers.admin = new Browser(app.origin);
  await signIn(browsers.admin, TEST_ADMIN.email, TEST_ADMIN.password);
  for (const route of routeTable) {
    const module = await app.importApp<{ action?: unknown }>(`app/${route.file}`);
    actions.set(route.id, typeof module.action === "function");
  }
});
afterAll(async () => {
  console.log(`bad-input sweep: ${routeTable.length} routes; requests by method: ${JSON.stringify(counts)}`);
  await app?.close();
});

/** A small catalogue, plus one hotel whose every text is hostile (as an import could bring it), a message, a click and a finished job. */
async function seedCatalogue(): Promise<Seed> {
  const db = await app.db();
  const { seedDemoCatalogue } = await app.importApp<typeof import("#app/operations/seed.server.ts")>("app/operations/seed.server.ts");
  // The next month of prices: the stays the sweep sends are near, and a year of them cost seconds of CPU.
  await seedDemoCatalogue({ hotels: 24, prices: "near" }, db);
  const hostileHotelId = `HOSTILE-${XSS_SCRIPT}`;
  await db
    .insertInto("hotels")
    .values({
      hotel_id: hostileHotelId,
      name: `${XSS_SCRIPT} ${XSS_ATTRIBUTE}`,
      description: `${XSS_ATTRIBUTE} ${SQL}`,
      rating: 8.1,
      star_rating: 4,
      price_amount: 1200,
      price_currency: "SEK",
      // What the importer lets through (app/feed/feed-row.ts): http(s) addresses, whatever their query holds.
      image_path: `https://example.com/x.jpg?${XSS_ATTRIBUTE}`,
      additional_image_paths: JSON.stringify([`https://example.com/y.jpg?${XSS_SCRIPT}`]),
      amenities: JSON.stringify([XSS_SCRIPT, XSS_ATTRIBUTE]),
      location: "Stockholm",
      country: "Sweden",
      address: XSS_SCRIPT,
      affiliate_url: `https://www.booking.com/hotel?x=${XSS_ATTRIBUTE}${XSS_SCRIPT}`,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
  const hotel = await db
    .selectFrom("hotels")
    .select(["hotel_id", "name", "country", "location", "slug", "has_affiliate_url", "district_slug"])
    .where("hotel_id", "<>", hostileHotelId)
    .where("country", "is not", null)
    .where("location", "is not", null)
    .orderBy("hotel_id")
    .executeTakeFirstOrThrow();
  const [country, location, slug] = hotelPath(hotel)!.slice(1).split("/");
  const post = await db
    .selectFrom("hotels_blog_posts")
    .select(["id", "slug"])
    .where("published", "=", true)
    .where("slug", "is not", null)
    .orderBy("slug")
    .executeTakeFirstOrThrow();
  const draft = await db.selectFrom("hotels_blog_posts").select("id").where("published", "=", false).executeTakeFirstOrThrow();
  const message = await db
    .insertInto("contact_messages")
    .values({ name: XSS_SCRIPT, email: "besok@example.se", message: `${XSS_ATTRIBUTE} ${SQL}`, created_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("outbound_clicks")
    .values({ hotel_id: hostileHotelId, source: XSS_SCRIPT, target_host: "www.booking.com", clicked_at: new Date() })
    .execute();
  const job = await db
    .insertInto("ai_jobs")
    .values({ kind: "rewrite", status: "finished", total: 1, failed: 1, created_by: XSS_SCRIPT, finished_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("ai_job_items").values({ job_id: job.id, hotel_id: hostileHotelId, status: "failed", error: XSS_SCRIPT }).execute();
  const destination = await db.selectFrom("popular_destinations").select("id").orderBy("position").executeTakeFirstOrThrow();
  const places = await db
    .selectFrom("hotels")
    .select(["country", "location"])
    .distinct()
    .where("country", "is not", null)
    .where("location", "is not", null)
    .orderBy("country")
    .orderBy("location")
    .execute();
  expect(places.length, "the seeded catalogue has more places than the popular-locations limit").toBeGreaterThan(12);
  return {
    hotel: {
      hotel_id: hotel.hotel_id,
      country: country!,
      location: location!,
      slug: slug!,
      affiliate: hotel.has_affiliate_url,
      district: hotel.district_slug ?? "",
    },
    hostileHotelId,
    post: { id: post.id, slug: post.slug! },
    draftId: draft.id,
    jobId: job.id,
    messageId: message.id,
    destinationId: destination.id,
    places: places.map((place) => JSON.stringify([place.country, place.location])),
  };
}

/** A hash of every row of each tracked table, read through the app's own database handle. */
async function snapshot(): Promise<Record<Table, string>> {
  const db = await app.db();
  const columns = TRACKED.map(
    (table) => sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.table(table)} t) as ${sql.ref(table)}`,
  );
  const { rows } = await sql<Record<Table, string>>`select ${sql.join(columns)}`.execute(db);
  return rows[0]!;
}

function changedTables(before: Record<Table, string>, after: Record<Table, string>, allowed: readonly Table[] = []): Table[] {
  return TRACKED.filter((table) => before[table] !== after[table] && !allowed.includes(table));
}

const short = (url: string) => (url.length > 160 ? `${url.slice(0, 150)}…(${url.length} chars)` : url);

/** A signed-in administrator of their own (for requests that end or replace the session). */
async function freshBrowser(role: Role): Promise<Browser> {
  const browser = new Browser(app.origin);
  if (role === "admin") await signIn(browser, TEST_ADMIN.email, TEST_ADMIN.password);
  return browser;
}

interface Answer {
  status: number;
  location: string | null;
  body: string;
  problems: string[];
}

/** One request and what is wrong with its answer; a connection the server drops is a problem too. */
async function send(browser: Browser, path: string, init: RequestInit = {}): Promise<Answer> {
  const method = init.method ?? "GET";
  counts[method] = (counts[method] ?? 0) + 1;
  try {
    const response = await browser.request(path, init);
    const { problems, body } = await responseProblems(response);
    return { status: response.status, location: response.headers.get("Location"), body, problems };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, location: null, body: "", problems: [`no answer (${cause?.code ?? cause?.message ?? String(error)})`] };
  }
}

/** A single-fetch data request for a path, as React Router's client makes it. */
const dataPath = singleFetchPath;

interface GetRequest {
  role: Role;
  path: string;
  label: string;
  method?: "GET" | "HEAD" | "OPTIONS";
  headers?: Record<string, string>;
  /** Sent from a browser of its own holding these cookies instead of the role's. */
  cookies?: Record<string, string>;
}

/** Cookies no server set: a session id and a flash message that are not signed, and markup. */
const FORGED_COOKIES = {
  hg_session: encodeURIComponent(`${XSS_SCRIPT}.forged-signature`),
  hg_flash: encodeURIComponent(
    Buffer.from(JSON.stringify({ flash: { title: XSS_SCRIPT, description: XSS_ATTRIBUTE } })).toString("base64"),
  ),
};

/** The administrator's requests must reach the back office: a sweep that lost its session proves nothing. */
function lostSession(role: Role, route: TableRoute, path: string, answer: Answer): string[] {
  return role === "admin" && isAdminRoute(route) && !path.includes(".data") && answer.location?.startsWith("/login")
    ? ["the administrator was sent to sign in: the sweep lost its session"]
    : [];
}

/**
 * Cases for an action that has none of its own (a new screen): each form on its page that posts
 * to it, as the page fills it in, once with every visible field made a script tag and once with
 * every field (hidden ones too) made SQL, for each of its submit buttons. What such a post may
 * change is not known here, so only the administrator's (or, on the public site, the visitor's)
 * may change data; the guard must still refuse an anonymous one to the back office.
 */
async function formPosts(route: TableRoute, path: string): Promise<PostCase[]> {
  const browser = isAdminRoute(route) ? browsers.admin : browsers.anonymous;
  const html = await (await browser.get(path)).text();
  const cases: PostCase[] = [];
  for (const [index, match] of [...html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/g)].entries()) {
    const attributes = match[1]!;
    if (!/method="post"/i.test(attributes)) continue;
    const action = /action="([^"]*)"/.exec(attributes)?.[1];
    if (action && new URL(unescapeAttribute(action), "http://x").pathname !== path) continue;
    const fields = formFields(match[2]!);
    const buttons = [...match[2]!.matchAll(/<button([^>]*)>/g)]
      .map((button) => [/name="([^"]+)"/.exec(button[1]!)?.[1], /value="([^"]*)"/.exec(button[1]!)?.[1] ?? ""] as const)
      .filter((pair): pair is readonly [string, string] => Boolean(pair[0]));
    const hidden = new Set(
      [...match[2]!.matchAll(/<input([^>]*type="hidden"[^>]*)>/g)].map((input) => /name="([^"]+)"/.exec(input[1]!)?.[1]),
    );
    for (const button of buttons.length ? buttons : [undefined]) {
      const submit: [string, string][] = button ? [[button[0], unescapeAttribute(button[1])]] : [];
      const label = `form ${index + 1}${button ? ` ${button[0]}=${button[1]}` : ""}`;
      cases.push(
        form(
          `${label}: every visible field a script tag`,
          [...fields.map(([field, v]): [string, string] => [field, hidden.has(field) ? v : XSS_SCRIPT]), ...submit],
          {
            changes: [...TRACKED],
          },
        ),
        form(`${label}: every field SQL`, [...fields.map(([field]): [string, string] => [field, SQL]), ...submit], {
          changes: [...TRACKED],
        }),
      );
    }
  }
  return cases;
}

async function sweepGets(route: TableRoute, entry: SweepEntry): Promise<string[]> {
  const problems: string[] = [];
  const params = sampleParams(route, seed);
  const base = fillPath(route, params);
  const requests: GetRequest[] = [];
  for (const role of ["anonymous", "admin"] as const) {
    for (const variant of QUERY_VARIANTS) {
      requests.push({ role, path: `${base}?${variant.query}`, label: variant.label, headers: variant.headers });
      if (variant.data) requests.push({ role, path: `${dataPath(base)}?${variant.query}`, label: `${variant.label} (data request)` });
    }
    for (const name of route.params) {
      for (const { label, segment } of PATH_SEGMENTS) {
        requests.push({
          role,
          path: fillPath(route, { ...params, [name]: name === "*" ? `finns-inte/${segment}` : segment }),
          label: `:${name} ${label}`,
        });
      }
    }
    for (const method of ["HEAD", "OPTIONS"] as const)
      requests.push({ role, method, path: `${base}?${QUERY_VARIANTS[0]!.query}`, label: `${method} with a script tag` });
  }
  requests.push({ role: "anonymous", path: base, label: "forged session and flash cookies", cookies: FORGED_COOKIES });
  // Sent a few at a time; none of them may change the data.
  const before = await snapshot();
  const queue = [...requests];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let request = queue.shift(); request; request = queue.shift()) {
        const browser = request.cookies
          ? new Browser(app.origin, undefined, new Map(Object.entries(request.cookies)))
          : browsers[request.role];
        const answer = await send(browser, request.path, { method: request.method ?? "GET", headers: request.headers });
        for (const problem of [...answer.problems, ...lostSession(request.role, route, request.path, answer)]) {
          problems.push(`${request.role} ${request.method ?? "GET"} ${short(request.path)} [${request.label}]: ${problem}`);
        }
      }
    }),
  );
  const changed = changedTables(before, await snapshot());
  if (changed.length) problems.push(`hostile GETs of ${base} changed ${changed.join(", ")}`);

  // Route-specific GETs, one at a time, each with the changes it may make.
  for (const role of ["anonymous", "admin"] as const) {
    for (const query of entry.queries?.(seed) ?? []) {
      const path = query.query ? `${base}?${query.query}` : base;
      const start = await snapshot();
      const answer = await send(browsers[role], path);
      for (const problem of [...answer.problems, ...lostSession(role, route, path, answer)])
        problems.push(`${role} GET ${short(path)} [${query.label}]: ${problem}`);
      const allowed = isAdminRoute(route) && role === "anonymous" ? [] : (query.changes ?? []);
      const unexpected = changedTables(start, await snapshot(), allowed);
      if (unexpected.length) problems.push(`${role} GET ${short(path)} [${query.label}]: changed ${unexpected.join(", ")}`);
    }
  }
  return problems;
}

async function sweepPosts(route: TableRoute, entry: SweepEntry): Promise<string[]> {
  const problems: string[] = [];
  const path = samplePath(route, seed);
  const hasAction = actions.get(route.id)!;
  const own = entry.posts?.(seed) ?? (hasAction ? await formPosts(route, path) : []);
  const generic: PostCase[] = genericPosts();
  const unknownIntent = generic.find((post) => post.label === "unknown intent and _action")!;
  const cases: { role: Role; post: PostCase; url: string; method: string }[] = [];
  for (const role of ["anonymous", "admin"] as const) {
    for (const post of [...generic, ...own]) cases.push({ role, post, url: post.query ? `${path}?${post.query}` : path, method: "POST" });
    // The same action through a single-fetch data request, as the client router posts it; and
    // the other methods React Router would hand to an action, refused before it (decision 046).
    cases.push({ role, post: unknownIntent, url: dataPath(path), method: "POST" });
    for (const method of ["PUT", "DELETE"]) cases.push({ role, post: unknownIntent, url: path, method });
  }
  for (const post of entry.guarded?.(seed) ?? []) cases.push({ role: "anonymous", post, url: path, method: "POST" });

  for (const { role, post, url, method } of cases) {
    const browser = entry.endsSession || post.fresh ? await freshBrowser(role) : browsers[role];
    // Posts share keep-alive connections on purpose: a body the server leaves unread (a 405, a
    // 413, the guard's redirect) must not stall the next request on the same connection.
    const headers: Record<string, string> = { Origin: app.origin };
    if (post.type) headers["Content-Type"] = post.type;
    const before = await snapshot();
    const answer = await send(browser, url, { method, body: post.body, headers });
    const where = `${role} ${method} ${short(url)} [${post.label}]`;
    for (const problem of [...answer.problems, ...lostSession(role, route, url, answer)]) problems.push(`${where}: ${problem}`);
    // An administrator's post reaches the action; an anonymous one to the back office never may.
    const allowed =
      isAdminRoute(route) && role === "anonymous"
        ? []
        : [...(post.changes ?? []), ...(role === "admin" ? (entry.everyPostSaves ?? []) : [])];
    const changed = changedTables(before, await snapshot(), allowed);
    if (changed.length) problems.push(`${where}: changed ${changed.join(", ")} (status ${answer.status})`);
    if (method !== "POST") {
      if (answer.status !== 405) problems.push(`${where}: answered ${answer.status}, not 405: only GET, HEAD and POST are served`);
      continue;
    }
    if (!hasAction && answer.status !== 405) problems.push(`${where}: a route without an action answered ${answer.status}, not 405`);
    // A data request is redirected inside its answer (202), a page request with Location.
    const toSignIn = url.endsWith(".data")
      ? answer.status === 202 && answer.body.includes("/login?redirectTo=")
      : Boolean(answer.location?.startsWith("/login?redirectTo="));
    if (isAdminRoute(route) && role === "anonymous" && hasAction && !toSignIn) {
      problems.push(`${where}: the guard did not send the visitor to sign in (status ${answer.status})`);
    }
  }
  return problems;
}

describe("the sweep table", () => {
  it("has sample values for every route with parameters, and no entry for a route that is gone", () => {
    expect(routesWithoutSamples(), "routes with parameters and no PARAM_SAMPLES entry (route-table.ts)").toEqual([]);
    expect(samplesWithoutRoutes(), "PARAM_SAMPLES entries without a route").toEqual([]);
    const ids = routeTable.map((route) => route.id);
    expect(
      Object.keys(SWEEP).filter((id) => !ids.includes(id)),
      "sweep entries without a route",
    ).toEqual([]);
  });

  it("has form posts for every route whose module exports an action (its own, or made from its page's forms), and none for the others", async () => {
    const withoutPosts: string[] = [];
    for (const route of routeTable) {
      const hasAction = actions.get(route.id)!;
      const own = SWEEP[route.id]?.posts;
      if (!hasAction && own) withoutPosts.push(`${route.id}: cases but no action`);
      if (hasAction && !own && (await formPosts(route, samplePath(route, seed))).length === 0) {
        withoutPosts.push(`${route.id}: an action, but no form posting to it on its page: give it cases in SWEEP`);
      }
    }
    expect(withoutPosts).toEqual([]);
  });
});

describe.each(routeTable)("$id (/$pattern)", (route) => {
  // A route needs an entry only for cases of its own: the generic ones reach every route.
  it("answers hostile query strings and path segments without a 5xx, an unescaped echo or a data change", async () => {
    expect(await sweepGets(route, SWEEP[route.id] ?? {})).toEqual([]);
  });

  it("answers hostile form posts without a 5xx, an unescaped echo or a data change a refusal must not make", async () => {
    expect(await sweepPosts(route, SWEEP[route.id] ?? {})).toEqual([]);
  });
});

describe("after the sweep", () => {
  it("stored the hostile text the actions accept as text, and the pages show it as text", async () => {
    const db = await app.db();
    const contains = (column: string) => sql<boolean>`${sql.ref(column)} like ${`%${XSS_SCRIPT}%`}`;
    const post = await db.selectFrom("hotels_blog_posts").select(["id", "slug"]).where(contains("title")).executeTakeFirst();
    expect(post, "the hostile post was saved").toBeDefined();
    expect(
      await db.selectFrom("popular_destinations").select("id").where(contains("name")).executeTakeFirst(),
      "the hostile destination was saved",
    ).toBeDefined();
    expect(
      await db.selectFrom("contact_messages").select("id").where(contains("message")).executeTakeFirst(),
      "the hostile message was saved",
    ).toBeDefined();
    expect(
      await db.selectFrom("partners").select("id").where(contains("name")).executeTakeFirst(),
      "the hostile partner was saved",
    ).toBeDefined();
    expect(
      await db
        .selectFrom("hotels")
        .select("id")
        .where("hotel_id", "=", seed.hotel.hotel_id)
        .where(contains("rewritten_text"))
        .executeTakeFirst(),
      "the hostile translation was saved",
    ).toBeDefined();
    const escaped = "&lt;script&gt;alert(1)&lt;/script&gt;";
    const pages: [Role, string][] = [
      ["anonymous", `/blog/${post!.slug}`],
      ["anonymous", `/${seed.hotel.country}/${seed.hotel.location}/${seed.hotel.slug}`],
      ["admin", "/admin/destinations"],
      ["admin", "/admin/partners"],
      ["admin", "/admin/messages"],
      ["admin", "/admin/blog"],
    ];
    for (const [role, path] of pages) {
      const answer = await send(browsers[role], path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, `${path} shows the stored text as text`).toContain(escaped);
    }
  });

  it("shows what the sweep stored (and the hostile seed rows) escaped on every page", async () => {
    const db = await app.db();
    const hostileHotel = await db
      .selectFrom("hotels")
      .select(["hotel_id", "name", "country", "location", "slug"])
      .where("hotel_id", "=", seed.hostileHotelId)
      .executeTakeFirstOrThrow();
    const posts = await db.selectFrom("hotels_blog_posts").select(["id", "slug"]).execute();
    const paths = [
      ...routeTable.map((route) => samplePath(route, seed)),
      hotelPath(hostileHotel)!,
      "/sweden/stockholm",
      `/hotels?search=${encodeURIComponent("script")}`,
      `/resources/suggestions?q=${encodeURIComponent("script")}`,
      `/admin/rewrite?hotel=${encodeURIComponent(seed.hostileHotelId)}`,
      `/admin/rewrite?hotel=${encodeURIComponent(seed.hotel.hotel_id)}`,
      `/admin/hotels?q=${encodeURIComponent("script")}`,
      ...posts.map((post) => `/blog/${encodeURIComponent(post.slug ?? post.id)}`),
      ...posts.map((post) => `/admin/blog/edit/${post.id}`),
    ];
    const problems: string[] = [];
    for (const path of paths) {
      for (const role of ["anonymous", "admin"] as const) {
        for (const problem of (await send(browsers[role], path)).problems) problems.push(`${role} GET ${path}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("left Object.prototype alone", () => {
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
});
