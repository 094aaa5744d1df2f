import { DEFAULT_SITE_NAME } from "./site-name.ts";
import { z } from "zod";
import { fetchableUrlProblem } from "./public-host.ts";

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), {
    message: "must be a postgres:// or postgresql:// connection string",
  });

const httpOrigin = z
  .string()
  .trim()
  .url({ message: "must be an absolute URL such as https://hotellguiden.se" })
  .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" })
  .transform((value) => new URL(value).origin);

const address = z.email();
/** `a@b.se` or `Name <a@b.se>` (a name without <, > or line breaks). */
function isMailbox(value: string): boolean {
  const named = /^([^<>\r\n]+?)\s*<([^<>\s]+)>$/.exec(value);
  return address.safeParse(named ? named[2] : value).success;
}

/** Every setting the server reads. Empty strings count as "not set". */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  /** Unset: http://localhost:{PORT}, the address this server answers on (parseEnv fills it in). */
  SITE_URL: httpOrigin.optional(),
  SITE_NAME: z.string().trim().min(1).max(60).default(DEFAULT_SITE_NAME),
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** How long a request waits for a database connection before it fails (and the site answers 503). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** A query that takes longer is logged as a "slow query" warning (0 logs every query). */
  DB_SLOW_QUERY_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  /**
   * The in-process cache of rendered pages for anonymous visitors: how long a page is kept
   * (0 turns the cache off) and how many pages at most.
   */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(500),
  /** One JSON line per request on stdout (0 turns it off, e.g. in tests that don't read it). */
  LOG_REQUESTS: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((value) => value === "1" || value === "true"),
  /**
   * Who sees the Server-Timing header (database time and query count): "staff" (administrators;
   * everyone in development) or "all". Strangers learn from it how costly a query is to make.
   */
  SERVER_TIMING: z.enum(["staff", "all"]).default("staff"),
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  /** Which of the demo partners' prices a seeded demo imports (app/db/seed.server.ts): all, near (the next month) or none. */
  SEED_DEMO_PRICES: z.enum(["all", "near", "none"]).default("all"),
  SESSION_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) =>
      value
        ?.split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((secrets) => !secrets || secrets.every((s) => s.length >= 32), {
      message: "each comma-separated secret must be at least 32 characters",
    }),
  /** Supabase Auth (production): set both, or neither for the local provider. */
  SUPABASE_URL: z
    .string()
    .trim()
    .url({ message: "must be the project URL, such as https://abcdefgh.supabase.co" })
    .refine((value) => value.startsWith("https://"), { message: "must start with https://" })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  SUPABASE_ANON_KEY: z.string().trim().min(1).optional(),
  /** Server-only key for Supabase Storage (the blog-images bucket); never sent to browsers. */
  SUPABASE_SERVICE_ROLE_KEY: z.string().trim().min(1).optional(),
  /**
   * How many proxies in front of the app to trust for the client address (X-Forwarded-For):
   * 0 when the app faces the internet, 1 behind Fly's proxy. Used for the sign-in rate limit.
   */
  TRUST_PROXY: z.coerce.number({ message: "must be a whole number of proxy hops" }).int().min(0).max(5).default(0),
  /** Partner hosts /redirect may forward to, besides the hosts of hotels' affiliate URLs. */
  AFFILIATE_HOSTS: z
    .string()
    .trim()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.every((host) => /^[a-z0-9.-]+(:\d+)?$/.test(host)), {
      message: "must be a comma-separated list of host names such as www.booking.com",
    }),
  /** Offers not refreshed by a feed for this many hours are not shown (prices go stale). */
  OFFER_MAX_AGE_HOURS: z.coerce
    .number({ message: "must be a number of hours" })
    .int()
    .min(1)
    .max(24 * 90)
    .default(72),
  /** How often an idle job runner worker asks for work (seconds, 0.5–60): a queued job waits up to this long. */
  JOB_POLLING_INTERVAL_SECONDS: z.coerce.number({ message: "must be a number of seconds" }).min(0.5).max(60).default(2),
  /** The longest wait between two tries of a failed job (seconds): the backoff doubles up to it. */
  JOB_RETRY_DELAY_MAX_SECONDS: z.coerce
    .number({ message: "must be a whole number of seconds" })
    .int()
    .min(0)
    .max(24 * 3600)
    .default(3600),
  MAP_TILE_URL: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\/[^\s]+\{z\}[^\s]*\{x\}[^\s]*\{y\}/.test(value), {
      message: "must be an http(s) tile URL template containing {z}, {x} and {y}",
    })
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  /**
   * Hosts besides our own that may serve hotel images (a partner feed's image CDN), for the
   * Content Security Policy's img-src. The map tile host and Supabase Storage are added by themselves.
   */
  IMAGE_HOSTS: z
    .string()
    .trim()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.every((host) => /^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(host)), {
      message: "must be a comma-separated list of host names such as cf.bstatic.com or *.example.com",
    }),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-bidragsgivare'),
  /** A local administrator created or updated at start-up when both are set (a first start without a shell). */
  ADMIN_EMAIL: z.string().trim().toLowerCase().email({ message: "must be an e-mail address such as admin@example.se" }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(8, { message: "must be at least 8 characters" })
    .max(128, { message: "must be at most 128 characters" })
    .optional(),
  /**
   * The partner link the back office's "Generate affiliate URLs" writes for each hotel, with
   * {hotel_id}, {name}, {location}, {country} or {query} ("name location") filled in.
   */
  AFFILIATE_URL_TEMPLATE: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\/[^\s/]+/.test(value) && /\{(hotel_id|name|location|country|query)\}/.test(value), {
      message: "must be an http(s) URL containing {hotel_id}, {name}, {location}, {country} or {query}",
    })
    .optional(),
  /** An OpenAI-compatible chat-completions provider for the AI service: set all three, or none for the local engine. */
  AI_BASE_URL: z
    .string()
    .trim()
    .url({ message: "must be the API's base URL, such as https://api.openai.com/v1" })
    .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" })
    .optional(),
  AI_API_KEY: z.string().trim().min(1).optional(),
  AI_MODEL: z.string().trim().min(1).max(200).optional(),
  AI_TIMEOUT_MS: z.coerce.number({ message: "must be a number of milliseconds" }).int().min(1000).max(300_000).default(30_000),
  /** How often the server fetches each active partner's price feed URL (set in /admin/partners). */
  PRICE_FEED_INTERVAL_MINUTES: z.coerce.number({ message: "must be a number of minutes" }).int().min(5).max(10_080).default(60),
  /** A fetched price feed (or rates file) larger than this many bytes is refused, and nothing of it imported. */
  FEED_MAX_BYTES: z.coerce
    .number({ message: "must be a number of bytes" })
    .int()
    .min(1024)
    .max(10 * 1024 ** 3)
    .default(200 * 1024 ** 2),
  /** How long one download of a feed may take, redirects included. */
  FEED_TIMEOUT_SECONDS: z.coerce.number({ message: "must be a number of seconds" }).int().min(5).max(3600).default(300),
  /** The ECB's euro reference rates, fetched daily when set (e.g. https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml). */
  FX_RATES_URL: z
    .string()
    .trim()
    .url({ message: "must be an https URL such as https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml" })
    .refine((value) => value.startsWith("https://"), { message: "must start with https://" })
    .refine((value) => fetchableUrlProblem(value) !== "not-public", {
      message: "must be on a public host (not this machine or a private network)",
    })
    .optional(),
  /**
   * Booking.com's Demand API (v3.2), asked live for a visitor's stay: set all three, or none to
   * leave the connector off (nothing then tries the network). Production refuses a base URL
   * other than https unless its host is this machine (a local stand-in).
   */
  BOOKING_DEMAND_URL: z
    .string()
    .trim()
    .url({ message: "must be the API's base URL, such as https://demandapi.booking.com/3.2" })
    .refine((value) => /^https?:\/\//.test(value), { message: "must start with https://" })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  BOOKING_DEMAND_TOKEN: z.string().trim().min(1).max(4096).optional(),
  BOOKING_AFFILIATE_ID: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, { message: "must be the numeric affiliate id Booking.com gave you" })
    .optional(),
  /** How long a page waits for partners' live prices before it shows the stored ones. */
  LIVE_PRICE_BUDGET_MS: z.coerce.number({ message: "must be a number of milliseconds" }).int().min(50).max(10_000).default(800),
  /** How long a partner's live answer is kept (in PostgreSQL, for every app server). */
  LIVE_PRICE_TTL_S: z.coerce.number({ message: "must be a number of seconds" }).int().min(30).max(86_400).default(600),
  /**
   * The SMTP server that sends the site's e-mail (price alerts), e.g. smtps://user:password@smtp.example.se:465;
   * set both, or neither to write each message as a file to DATA_DIR/outbox/.
   */
  SMTP_URL: z
    .string()
    .trim()
    .url({ message: "must be a URL such as smtps://user:password@smtp.example.se:465" })
    .refine((value) => /^smtps?:\/\//.test(value), { message: "must start with smtp:// or smtps://" })
    .optional(),
  /** The sender of the site's e-mail: an address, or a name and an address ("Hotellguiden <bevakning@hotellguiden.se>"). */
  MAIL_FROM: z
    .string()
    .trim()
    .max(300)
    .refine((value) => isMailbox(value), {
      message: "must be an address such as bevakning@hotellguiden.se or Hotellguiden <bevakning@hotellguiden.se>",
    })
    .optional(),
  FLIGHTS_AFFILIATE_URL: z
    .string()
    .trim()
    .url({ message: "must be an absolute URL" })
    .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" })
    .default("https://www.skyscanner.se/"),
});

export type Env = Omit<z.infer<typeof envSchema>, "SITE_URL"> & {
  SITE_URL: string;
  /** Whether SITE_URL was set, or derived from PORT. */
  SITE_URL_FROM_PORT: boolean;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses `source` (default `process.env`); throws an EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== "") cleaned[key] = value;
  }
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(environment)"}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  // Canonical links, the sitemap and the origin check must name the port the server listens on.
  const env: Env = {
    ...result.data,
    SITE_URL: result.data.SITE_URL ?? `http://localhost:${result.data.PORT}`,
    SITE_URL_FROM_PORT: result.data.SITE_URL === undefined,
  };
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SESSION_SECRET) {
    throw new EnvError(
      "Invalid environment configuration:\n  SESSION_SECRET: required in production with DATABASE_URL (several app servers must share it)",
    );
  }
  if (Boolean(env.SUPABASE_URL) !== Boolean(env.SUPABASE_ANON_KEY)) {
    throw new EnvError(
      "Invalid environment configuration:\n  SUPABASE_URL, SUPABASE_ANON_KEY: set both to use Supabase Auth, or neither for local sign-in",
    );
  }
  const aiSet = [env.AI_BASE_URL, env.AI_API_KEY, env.AI_MODEL].filter(Boolean).length;
  if (aiSet !== 0 && aiSet !== 3) {
    throw new EnvError(
      "Invalid environment configuration:\n  AI_BASE_URL, AI_API_KEY, AI_MODEL: set all three to use an AI provider, or none for the local engine",
    );
  }
  const bookingSet = [env.BOOKING_DEMAND_URL, env.BOOKING_DEMAND_TOKEN, env.BOOKING_AFFILIATE_ID].filter(Boolean).length;
  if (bookingSet !== 0 && bookingSet !== 3) {
    throw new EnvError(
      "Invalid environment configuration:\n  BOOKING_DEMAND_URL, BOOKING_DEMAND_TOKEN, BOOKING_AFFILIATE_ID: set all three to ask Booking.com live, or none",
    );
  }
  if (Boolean(env.SMTP_URL) !== Boolean(env.MAIL_FROM)) {
    throw new EnvError(
      "Invalid environment configuration:\n  SMTP_URL, MAIL_FROM: set both to send e-mail over SMTP, or neither to write it to DATA_DIR/outbox/",
    );
  }
  if (
    env.NODE_ENV === "production" &&
    env.BOOKING_DEMAND_URL &&
    !env.BOOKING_DEMAND_URL.startsWith("https://") &&
    !isLoopbackUrl(env.BOOKING_DEMAND_URL)
  ) {
    throw new EnvError(
      "Invalid environment configuration:\n  BOOKING_DEMAND_URL: must start with https:// in production (http only for a stand-in on this machine)",
    );
  }
  return env;
}

/** True for http(s)://localhost, 127.x.x.x or [::1]: a stand-in on this machine. */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

let cached: Env | undefined;

/** The validated environment of this process, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
