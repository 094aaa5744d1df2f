/**
 * The headers every response carries (docs/decisions/014): a Content Security Policy whose
 * scripts must come from our own origin or carry this response's nonce, and the usual
 * hardening headers. The nonce is made per request here and handed to React Router
 * through the load context (entry.server.tsx puts it on every script it renders).
 */
import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { createContext } from "react-router";
import type { Env } from "#app/utils/env.server.ts";

/** This request's CSP nonce, for entry.server.tsx (and the page cache, which swaps it). */
export const cspNonceContext = createContext<string>("");

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

/** Two years, as the HSTS preload list asks; only sent in production, which is served over https. */
export const HSTS = "max-age=63072000; includeSubDomains";

/** The CSP host source of a URL template's host: `{s}.tile.example.org` becomes `*.tile.example.org`. */
export function hostSource(urlTemplate: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(urlTemplate);
  if (!match) return null;
  const host = match[2]!.toLowerCase().replace(/^\{[a-z]\}\./, "*.");
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(host)) return null;
  return `${match[1]!.toLowerCase()}://${host}`;
}

/** Where images may come from besides our own origin: map tiles, Supabase Storage, partner image hosts. */
export function imageSources(env: Pick<Env, "MAP_TILE_URL" | "SUPABASE_URL" | "IMAGE_HOSTS">): string[] {
  const sources = [hostSource(env.MAP_TILE_URL), env.SUPABASE_URL ? hostSource(env.SUPABASE_URL) : null, ...env.IMAGE_HOSTS];
  return [...new Set(sources.filter((source): source is string => Boolean(source)))];
}

export function contentSecurityPolicy({ nonce, images }: { nonce: string; images: string[] }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // The nonce lets the document carry its stylesheet inline (app/components/inline-styles.tsx).
    `style-src 'self' 'nonce-${nonce}'`,
    ["img-src 'self' data:", ...images].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Express middleware for every response. In development Vite's client injects inline
 * scripts of its own, so the policy is only reported there, not enforced.
 */
export function securityHeaders(env: Env): RequestHandler {
  const images = imageSources(env);
  const cspHeader = env.NODE_ENV === "development" ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
  return (_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader(cspHeader, contentSecurityPolicy({ nonce, images }));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (env.NODE_ENV === "production") res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
}
