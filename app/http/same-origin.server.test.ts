import { describe, expect, it } from "vitest";
import { isForeignOriginWrite } from "./same-origin.server.ts";

const own = ["https://hotellguiden.se", "http://10.0.0.5:3000"];
const check = (method: string, origin: string | null, secFetchSite: string | null = null) =>
  isForeignOriginWrite({ method, origin, secFetchSite, ownOrigins: own });

describe("isForeignOriginWrite", () => {
  it.each([
    ["POST from the site itself", "POST", "https://hotellguiden.se", null, false],
    ["POST from the address the server was reached at", "POST", "http://10.0.0.5:3000", null, false],
    ["POST from another site", "POST", "https://evil.example", null, true],
    ["POST from a look-alike host", "POST", "https://hotellguiden.se.evil.example", null, true],
    ["POST from the site over plain http", "POST", "http://hotellguiden.se", null, true],
    ["POST from another port", "POST", "https://hotellguiden.se:8443", null, true],
    ["POST with Origin: null (sandboxed frame)", "POST", "null", null, true],
    ["POST with an unparsable Origin", "POST", "not a url", null, true],
    ["POST without Origin (curl, server to server)", "POST", null, null, false],
    ["POST without Origin but marked cross-site by the browser", "POST", null, "cross-site", true],
    ["POST without Origin, same-origin fetch metadata", "POST", null, "same-origin", false],
    ["DELETE from another site", "DELETE", "https://evil.example", null, true],
    ["GET from another site (safe method)", "GET", "https://evil.example", null, false],
    ["HEAD from another site (safe method)", "HEAD", "https://evil.example", "cross-site", false],
  ])("%s", (_name, method, origin, site, expected) => {
    expect(check(method, origin, site)).toBe(expected);
  });
});
