/**
 * Hostile input for the bad-input sweep (bad-input-sweep.test.ts): query strings, path
 * segments and generic form bodies, and what a response to any of them must never do.
 */

export const XSS_SCRIPT = "<script>alert(1)</script>";
export const XSS_ATTRIBUTE = '"><img src=x onerror=alert(1)>';
export const SQL = "' OR 1=1 --";

/** Every query parameter name the app reads somewhere (lists, search, back office, redirect, sign-in), and a few it does not. */
const QUERY_KEYS = [
  "q",
  "search",
  "country",
  "location",
  "destination",
  "rating",
  "sortera",
  "sida",
  "page",
  "stars",
  "plats",
  "to",
  "source",
  "hotel",
  "redirectTo",
  "tab",
  "select",
  "radera",
  "auto",
  "generate",
  "affiliate",
  "medium",
  "rewrite",
  "id",
  "intent",
  "index",
  "_routes",
];

const every = (value: string) => QUERY_KEYS.map((key) => `${key}=${encodeURIComponent(value)}`).join("&");
/** The same raw (already-encoded) text after every key: for bytes encodeURIComponent would repair. */
const everyRaw = (raw: string) => QUERY_KEYS.map((key) => `${key}=${raw}`).join("&");

export interface QueryVariant {
  label: string;
  query: string;
  /** Also sent as a single-fetch data request (`.data`), whose answer is React Router's turbo-stream. */
  data?: boolean;
  headers?: Record<string, string>;
}

export const QUERY_VARIANTS: QueryVariant[] = [
  { label: "script tag", query: every(XSS_SCRIPT), data: true, headers: { "User-Agent": XSS_SCRIPT, "Accept-Language": XSS_ATTRIBUTE } },
  { label: "attribute breakout", query: every(XSS_ATTRIBUTE), data: true, headers: { Referer: `/${XSS_ATTRIBUTE}` } },
  { label: "javascript: referer", query: "", headers: { Referer: "javascript:alert(1)//" } },
  { label: "SQL", query: `${every(SQL)}&search=${encodeURIComponent("1'); drop table hotels; --")}` },
  { label: "NUL byte", query: everyRaw("%00") },
  { label: "invalid percent-encoding", query: `${everyRaw("%E0%A4%A")}&x=%&y=%zz`, data: true },
  { label: "overlong value (100 kB)", query: `search=${"a".repeat(100_000)}&q=${"a".repeat(100_000)}` },
  { label: "long values just under the header limit", query: every("x".repeat(400)) },
  { label: "repeated keys", query: QUERY_KEYS.map((key) => `${key}=a&${key}=b`).join("&") },
  { label: "array keys", query: QUERY_KEYS.map((key) => `${key}[]=1&${key}[0]=2&${key}[x]=3`).join("&") },
  { label: "negative numbers", query: every("-1") },
  { label: "huge numbers", query: every("99999999999999999999999999") },
  { label: "not-a-number", query: every("NaN") },
  {
    label: "infinite and exponent numbers",
    query: QUERY_KEYS.map((key, i) => `${key}=${["Infinity", "1e309", "-0", "0x10", "1.5"][i % 5]}`).join("&"),
  },
  { label: "RTL override and emoji", query: every("\u202Eevil\u202C 😀🏨 ﷽ e\u0301") },
  { label: "invalid UTF-8 (lone surrogate)", query: everyRaw("%ED%A0%80") },
  { label: "path traversal", query: every("../../etc/passwd") },
  { label: "prototype keys", query: `${every("__proto__")}&__proto__=x&constructor=y` },
  { label: "toString as a value", query: every("toString") },
  { label: "javascript: URL", query: every("javascript:alert(1)"), data: true },
  {
    label: "protocol-relative and foreign URLs",
    query: QUERY_KEYS.map(
      (key, i) =>
        `${key}=${encodeURIComponent(["//evil.example/x", "https://evil.example/", "/\\evil.example", "data:text/html,<script>alert(1)</script>"][i % 4]!)}`,
    ).join("&"),
  },
  { label: "CRLF header injection", query: every("a\r\nX-Injected: 1\r\nSet-Cookie: injected=1") },
  { label: "control characters", query: every("\u0001\u0008\u001b[31m\u007f") },
  { label: "blank values", query: every("   ") },
  { label: "empty values", query: every("") },
];

/**
 * Hostile values for one path segment, URL-encoded as they travel (a raw "../" would be
 * resolved by the client before it is sent).
 */
export const PATH_SEGMENTS: { label: string; segment: string }[] = [
  { label: "script tag", segment: encodeURIComponent(XSS_SCRIPT) },
  { label: "attribute breakout", segment: encodeURIComponent(XSS_ATTRIBUTE) },
  { label: "SQL", segment: encodeURIComponent(SQL) },
  { label: "encoded traversal", segment: "..%2F..%2Fetc%2Fpasswd" },
  { label: "dot segments", segment: "%2e%2e" },
  { label: "NUL byte", segment: "a%00b" },
  { label: "invalid percent-encoding", segment: "%E0%A4%A" },
  { label: "lone percent", segment: "%" },
  { label: "long segment", segment: "a".repeat(4000) },
  { label: "RTL override and emoji", segment: encodeURIComponent("\u202Eevil 😀🏨") },
  { label: "UUID-shaped nonsense", segment: "-".repeat(36) },
  { label: "prototype key", segment: "__proto__" },
];

/** The name of a header and a cookie a CRLF injection would create. */
export const INJECTED_HEADER = "X-Injected";
export const INJECTED_COOKIE = "injected=";

/** Content types in which hostile text is data, not markup: JSON, and React Router's turbo-stream. */
const isDataType = (type: string) => /^application\/([\w.+-]+\+)?json\b/i.test(type) || /^text\/x-script\b/i.test(type);

/**
 * What a response to hostile input must never do: fail with a 5xx, redirect off the site,
 * let a header or cookie be injected, or echo markup unescaped into anything a browser
 * renders as markup. Returns the problems found (empty when none).
 */
export async function responseProblems(response: Response): Promise<{ problems: string[]; body: string }> {
  const problems: string[] = [];
  const body = await response.text();
  if (response.status >= 500) problems.push(`status ${response.status}: ${body.replace(/\s+/g, " ").slice(0, 160)}`);
  const location = response.headers.get("Location");
  if (location !== null && !/^\/(?![/\\])/.test(location)) problems.push(`redirects off the site: ${location.slice(0, 120)}`);
  // A header carries printable ASCII only; anything else is a raw byte a client may read its own way.
  if (location !== null && /[^\x21-\x7e]/.test(location))
    problems.push(`a raw byte in Location: ${JSON.stringify(location.slice(0, 120))}`);
  if (response.headers.has(INJECTED_HEADER)) problems.push("header injected");
  if (response.headers.getSetCookie().some((cookie) => cookie.startsWith(INJECTED_COOKIE))) problems.push("cookie injected");
  const type = response.headers.get("Content-Type") ?? "";
  if (isDataType(type)) {
    if (/json/i.test(type) && body !== "") {
      try {
        JSON.parse(body);
      } catch {
        problems.push(`not JSON though served as ${type}`);
      }
    }
    return { problems, body };
  }
  for (const marker of [XSS_SCRIPT, "<img src=x onerror"]) {
    if (body.includes(marker)) problems.push(`echoes ${marker} unescaped (${type || "no content type"})`);
  }
  const unsafeUrl = /\b(?:href|src|action|formaction)\s*=\s*["']?\s*(javascript:|data:text\/html)[^"'>]*/gi;
  // React 19 replaces a javascript: URL with one that throws; the app should not have passed it on at all.
  for (const match of body.matchAll(unsafeUrl)) problems.push(`unsafe URL in markup: ${match[0].slice(0, 80)}`);
  if (/http-equiv=["']?refresh["']?[^>]*url=\s*(javascript|data):/i.test(body)) problems.push("refresh to a javascript:/data: URL");
  return { problems, body };
}

/** Bodies every route gets as a POST, whether or not it has an action. */
export function genericPosts(): { label: string; body: BodyInit; type?: string }[] {
  const multipart = new FormData();
  multipart.append("intent", XSS_SCRIPT);
  multipart.append("id", SQL);
  multipart.append("file", new File([XSS_SCRIPT], `${XSS_ATTRIBUTE}.png`, { type: "image/png" }));
  return [
    { label: "empty form", body: new URLSearchParams() },
    {
      label: "unknown intent and _action",
      body: new URLSearchParams([
        ["intent", XSS_SCRIPT],
        ["_action", "drop-table"],
        ["id", SQL],
      ]),
    },
    {
      label: "prototype keys",
      body: new URLSearchParams([
        ["__proto__[polluted]", "yes"],
        ["__proto__.polluted", "yes"],
        ["constructor[prototype][polluted]", "yes"],
        ["constructor.prototype.polluted", "yes"],
      ]),
    },
    {
      label: "NUL bytes in the usual fields",
      body: new URLSearchParams(
        ["intent", "id", "query", "email", "name", "message", "title", "hotel_id", "hotel", "place", "toggle", "generated"].map((name) => [
          name,
          "a\0b",
        ]),
      ),
    },
    {
      label: "oversized form (200 kB)",
      body: new URLSearchParams([
        ["intent", "x"],
        ["message", "a".repeat(200_000)],
      ]),
    },
    { label: "JSON body", body: JSON.stringify({ intent: "delete", id: SQL, email: XSS_SCRIPT }), type: "application/json" },
    { label: "multipart with a file", body: multipart },
    {
      label: "multipart without a boundary",
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      type: "multipart/form-data",
    },
    { label: "text/plain body", body: `intent=${XSS_SCRIPT}`, type: "text/plain" },
  ];
}
