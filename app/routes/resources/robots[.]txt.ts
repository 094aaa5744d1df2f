import { href } from "react-router";
import { getEnv } from "#app/utils/env.server.ts";

/** Paths crawlers should leave alone: the back office, sign-in, affiliate redirects, resource routes. */
export const DISALLOWED_PATHS = [href("/admin"), href("/login"), href("/redirect"), "/resources/"];

/** GET /robots.txt: everything else may be crawled; the sitemap is on the configured origin. */
export function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${getEnv().SITE_URL}${href("/sitemap.xml")}`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
