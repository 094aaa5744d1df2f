import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "#app/utils/env.server.ts";

let secrets: string[] | undefined;

/**
 * Secrets that sign cookies. SESSION_SECRET may list several (comma-separated): the first
 * signs, all verify, so a secret can be rotated without signing everyone out. Without it
 * (the embedded default) a random secret is made once and kept in DATA_DIR.
 */
export function getSessionSecrets(): string[] {
  if (secrets) return secrets;
  const env = getEnv();
  if (env.SESSION_SECRET?.length) return (secrets = env.SESSION_SECRET);
  const file = path.resolve(env.DATA_DIR, "session-secret");
  try {
    secrets = [fs.readFileSync(file, "utf8").trim()];
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    secrets = [secret];
  }
  return secrets;
}

/** Cookies are Secure whenever the site is served over https. */
export function cookiesAreSecure(): boolean {
  return getEnv().SITE_URL.startsWith("https://");
}
