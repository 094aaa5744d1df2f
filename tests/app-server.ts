/**
 * The whole app in-process for integration tests: server/app.ts (Express, the origin check,
 * React Router with every route and middleware) from the run's production build of the current
 * sources (tests/app-build.ts, made once by tests/global-setup.ts), booted against a fresh
 * embedded database (a copy of the one tests/global-setup.ts migrated for the run), listening
 * on a loopback port. Tests talk to it over real HTTP with `fetch`, like a browser without
 * JavaScript.
 *
 * Environment variables must be set before the first start in a test file (the app reads
 * them once); vitest runs each file in its own process.
 */
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type express from "express";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { builtModule } from "#tests/app-build.ts";
import { copyPgliteTemplate, scratchRoot, type PgliteTemplate } from "#tests/db-template.ts";

interface AppModule {
  app: express.Express;
  boot(): Promise<void>;
  shutdown(): Promise<void>;
  refuseConnect(server: Server): void;
}

export interface TestApp {
  origin: string;
  /** Imports an app module (`app/…/x.ts`) from the same module graph as the running app (its database, its caches). */
  importApp<T>(file: string): Promise<T>;
  /** The running app's own database handle (the embedded database belongs to this process). */
  db(): Promise<Kysely<Database>>;
  close(): Promise<void>;
}

export const TEST_ADMIN = { email: "admin@hotellguiden.test", password: "admin-lösenord-1" } as const;

let started = false;

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // Node keeps one instance of each module per process: a second app here would be the first
  // one again, with the first one's settings.
  if (started) throw new Error("startTestApp runs once per process (test file); for more servers use tests/app-process.ts");
  started = true;
  const dataDir = fs.mkdtempSync(path.join(scratchRoot(), "hg-app-"));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SITE_URL: "http://hotellguiden.test",
    SEED_DEMO: "never",
    // A test app seeded with the demo gets its next month's prices, not the year's in the background.
    SEED_DEMO_PRICES: "near",
    // Each Browser below comes from its own address (X-Forwarded-For), as behind Fly's proxy.
    TRUST_PROXY: "1",
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // The request log would drown the test output; http-hardening.test.ts turns it on and reads it.
    LOG_REQUESTS: "0",
    // A queued job (a confirmation e-mail, an AI item) is taken within half a second, and a failed
    // one tried again within a second: what a test waits for, not the runner's idle hours.
    JOB_POLLING_INTERVAL_SECONDS: "0.5",
    JOB_RETRY_DELAY_MAX_SECONDS: "1",
    ...env,
  });
  // Boot then finds every migration applied, and with SEED_DEMO=always the demo catalogue as its
  // first start would have seeded it (seeded once per run by tests/global-setup.ts; boot then only
  // checks that its prices are current). With DATABASE_URL the app uses that server instead.
  if (!process.env.DATABASE_URL) copyPgliteTemplate(dataDir, demoTemplate(process.env));
  // Node's own import (the folder is external to Vitest: vitest.config.ts), so the app's modules
  // are the bundle's, one instance each, shared by every importApp.
  const importApp = <T>(file: string) => import(pathToFileURL(builtModule(file)).href) as Promise<T>;
  const { app, boot, shutdown, refuseConnect } = await importApp<AppModule>("server/app.ts");
  await boot();
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  // As server/main.ts does with its server.
  refuseConnect(server);
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    importApp,
    db: async () => (await importApp<typeof import("#app/db/db.server.ts")>("app/db/db.server.ts")).getAppDatabase().db,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await shutdown();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The PGlite copy a test app starts from: the seeded demo when the app would seed it on its first start. */
function demoTemplate(env: NodeJS.ProcessEnv): PgliteTemplate {
  if (env.SEED_DEMO !== "always") return "migrated";
  if (env.SEED_DEMO_PRICES === "near") return "demo";
  if (env.SEED_DEMO_PRICES === "none") return "demo-no-prices";
  return "migrated";
}

/**
 * A browser in its simplest form: a cookie jar: remembers name=value from Set-Cookie (and
 * forgets cookies set to expire), and sends them back. Redirects are not followed, so
 * tests see each status and Location.
 */
let nextAddress = 1;

export class Browser {
  readonly cookies: Map<string, string>;
  /** The client address the app sees (each browser its own, so rate limits do not leak between tests). */
  readonly address: string;
  readonly origin: string;
  constructor(origin: string, address?: string, cookies = new Map<string, string>()) {
    this.origin = origin;
    this.address = address ?? `203.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
    this.cookies = cookies;
  }

  /** This browser (its address, the same cookie jar) reaching another app server, as through a load balancer. */
  at(origin: string): Browser {
    return new Browser(origin, this.address, this.cookies);
  }

  async request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", this.address);
    if (this.cookies.size) headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(new URL(pathname, this.origin), { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(pathname: string, headers: Record<string, string> = {}) {
    return this.request(pathname, { headers });
  }

  /** A form post as a browser makes it, from a page of this site (same Origin); pairs for repeated fields. */
  post(pathname: string, fields: Record<string, string> | [string, string][], headers: Record<string, string> = {}) {
    return this.request(pathname, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Origin: this.origin, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });
  }

  /** Follows one redirect with a GET (what a browser does after redirect-after-post). */
  async follow(response: Response): Promise<Response> {
    const location = response.headers.get("Location");
    if (!location) throw new Error(`expected a redirect, got ${response.status}`);
    return this.get(location);
  }
}

/**
 * The single-fetch address of a page, as React Router's client makes it with
 * v8_trailingSlashAwareDataRequests (react-router.config.ts): `/x` → `/x.data`, `/x/` and `/` → `/x/_.data`, `/_.data`.
 */
export const singleFetchPath = (pathname: string) => (pathname.endsWith("/") ? `${pathname}_.data` : `${pathname}.data`);

/** What a route's loader answered a single-fetch request with: its data, or the status it threw. */
export type LoaderAnswer<T> = { status: number; data: T } | { status: number; redirect: string } | { status: number; error: unknown };

/**
 * A route's loader data as the client router reads it: a single-fetch request (`/x.data`) for
 * the page at `path`, sent by `browser` through the whole app (middleware, guards, every loader of
 * the page), its turbo-stream answer decoded with React Router's own decoder. For assertions on
 * what a loader returns that the page's HTML does not show plainly (counts, ids, options); a
 * status or a redirect is asserted on the page itself (`browser.get`).
 */
export async function loaderData<T>(browser: Browser, path: string, routeId: string): Promise<T> {
  const answer = await loaderAnswer<T>(browser, path, routeId);
  if (!("data" in answer))
    throw new Error(`${path}: ${routeId} answered ${answer.status}${"redirect" in answer ? ` to ${answer.redirect}` : ""}`);
  return answer.data;
}

/** As loaderData, with a thrown status, error data or redirect as its answer. */
export async function loaderAnswer<T>(browser: Browser, path: string, routeId: string): Promise<LoaderAnswer<T>> {
  const url = new URL(path, "http://x");
  const dataPath = `${singleFetchPath(url.pathname)}${url.search}`;
  const response = await browser.get(dataPath);
  if (!response.body) throw new Error(`${dataPath}: no body (${response.status})`);
  // Imported here, not at the top: React Router loads React, and an app server in a child
  // process (tests/app-process-child.ts) must load React's production build first.
  const { UNSAFE_decodeViaTurboStream: decodeViaTurboStream } = await import("react-router");
  const decoded = (await decodeViaTurboStream(response.body, globalThis)).value as Record<string | symbol, unknown>;
  const redirect = Object.getOwnPropertySymbols(decoded)
    .map((symbol) => decoded[symbol] as { redirect?: string; status?: number })
    .find((value) => value?.redirect !== undefined);
  if (redirect) return { status: redirect.status ?? 302, redirect: redirect.redirect! };
  const result = decoded[routeId] as { data?: T; error?: { status?: number; data?: unknown } } | undefined;
  if (!result) throw new Error(`${dataPath}: no answer from ${routeId} (${response.status}): ${Object.keys(decoded).join(", ")}`);
  if ("error" in result) return { status: result.error?.status ?? 500, error: result.error?.data ?? result.error };
  return { status: response.status, data: result.data as T };
}

/** Signs in through the real /login form; the browser then holds the session cookie. */
export async function signIn(browser: Browser, email: string, password: string): Promise<Response> {
  const response = await browser.post("/login", { intent: "sign-in", email, password });
  if (response.status !== 302) throw new Error(`sign-in failed with ${response.status}`);
  return response;
}

/** The text of an HTML page without tags and scripts, for "the visitor sees …" assertions. */
export const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

/** An HTML attribute value or text as written by React, read back as the browser would. */
export const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * Every named field's current value in a page's form markup, as a browser would send it:
 * inputs (checked boxes only; no files, no honeypot) and textareas.
 */
export function formFields(html: string): [string, string][] {
  const fields: [string, string][] = [];
  for (const match of html.matchAll(/<input([^>]*)\/?>/g)) {
    const a = match[1]!;
    const name = /name="([^"]+)"/.exec(a)?.[1];
    const type = /type="([^"]+)"/.exec(a)?.[1] ?? "text";
    if (!name || type === "file" || name === "website") continue;
    if ((type === "checkbox" || type === "radio") && !/checked=""/.test(a)) continue;
    fields.push([name, unescapeAttribute(/value="([^"]*)"/.exec(a)?.[1] ?? (type === "checkbox" ? "on" : ""))]);
  }
  for (const match of html.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /name="([^"]+)"/.exec(match[1]!)?.[1];
    if (name) fields.push([name, unescapeAttribute(match[2]!)]);
  }
  return fields;
}
