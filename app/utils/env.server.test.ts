import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  it("runs the embedded default with nothing set", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: "./data",
      SITE_URL: "http://localhost:3000",
      SEED_DEMO: "auto",
      SEED_DEMO_PRICES: "all",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  it("fetches partner feeds hourly, up to 200 MB and 5 minutes a download, and no rates without FX_RATES_URL", () => {
    expect(parseEnv({})).toMatchObject({ PRICE_FEED_INTERVAL_MINUTES: 60, FEED_MAX_BYTES: 209_715_200, FEED_TIMEOUT_SECONDS: 300 });
    expect(parseEnv({}).FX_RATES_URL).toBeUndefined();
    const ecb = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";
    expect(parseEnv({ FX_RATES_URL: ecb }).FX_RATES_URL).toBe(ecb);
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "  " }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ SITE_URL: "javascript:alert(1)" }, "SITE_URL"],
    [{ SITE_URL: "not a url" }, "SITE_URL"],
    [{ SEED_DEMO: "sometimes" }, "SEED_DEMO"],
    [{ SEED_DEMO_PRICES: "some" }, "SEED_DEMO_PRICES"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ DB_POOL_MAX: "0" }, "DB_POOL_MAX"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ PRICE_FEED_INTERVAL_MINUTES: "1" }, "PRICE_FEED_INTERVAL_MINUTES"],
    [{ FEED_MAX_BYTES: "200MB" }, "FEED_MAX_BYTES"],
    [{ FEED_TIMEOUT_SECONDS: "0" }, "FEED_TIMEOUT_SECONDS"],
    [{ FX_RATES_URL: "http://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml" }, "FX_RATES_URL"],
    [{ FX_RATES_URL: "https://169.254.169.254/latest/meta-data" }, "FX_RATES_URL"],
  ])("stops on a bad value and names the variable: %o", (source, variable) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid environment configuration:\\n\\s+${variable}:`));
  });

  it("requires SESSION_SECRET in production on a shared database", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/hotels" })).toThrow(/SESSION_SECRET/);
    const secret = "x".repeat(32);
    expect(parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/hotels", SESSION_SECRET: secret }).DATABASE_URL).toBe(
      "postgres://db/hotels",
    );
  });

  it("reads several session secrets for rotation", () => {
    const a = "a".repeat(32);
    const b = "b".repeat(40);
    expect(parseEnv({ SESSION_SECRET: `${a}, ${b}` }).SESSION_SECRET).toEqual([a, b]);
  });

  it("keeps only the origin of SITE_URL", () => {
    expect(parseEnv({ SITE_URL: "https://hotellguiden.se/some/path" }).SITE_URL).toBe("https://hotellguiden.se");
  });

  it("without SITE_URL, names the port the server listens on", () => {
    expect(parseEnv({ PORT: "3310" })).toMatchObject({ SITE_URL: "http://localhost:3310", SITE_URL_FROM_PORT: true });
    expect(parseEnv({ PORT: "3310", SITE_URL: " " })).toMatchObject({ SITE_URL: "http://localhost:3310", SITE_URL_FROM_PORT: true });
    expect(parseEnv({ PORT: "3310", SITE_URL: "https://hotellguiden.se" })).toMatchObject({
      SITE_URL: "https://hotellguiden.se",
      SITE_URL_FROM_PORT: false,
    });
  });
});
