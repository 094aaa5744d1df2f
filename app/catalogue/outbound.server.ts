/**
 * Outbound affiliate traffic (DESIGN §3, §4 item 3): which hosts /redirect may forward to,
 * and the outbound_clicks log. A click row holds the hotel, the source, the target host and
 * the time; never an IP address, a cookie or a user agent.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { affiliateHost, isKnownHost } from "#app/domain/redirect.ts";
import { log } from "#app/log.server.ts";
import { cachedRead } from "./cache.server.ts";

// The scheme and authority of an affiliate URL, so the database hands back one row per
// partner origin instead of every hotel's URL. A backslash ends the authority as it does
// for browsers ('https://evil.example\@partner' is evil.example). affiliateHost() then
// normalises what is left exactly as the redirect page normalises its `to`.
const ORIGIN_PATTERN = String.raw`^(https?://[^/?#\\]+)`;

/** The hosts of every hotel's affiliate_url, cached like the other catalogue lists. */
export function affiliateUrlHosts(db: Kysely<Database>): Promise<ReadonlySet<string>> {
  return cachedRead(db, "affiliate-url-hosts", async () => {
    const rows = await db
      .selectFrom("hotels")
      .select(sql<string | null>`substring(lower(btrim(affiliate_url)) from ${ORIGIN_PATTERN})`.as("origin"))
      .distinct()
      .where("affiliate_url", "is not", null)
      .execute();
    const hosts = new Set<string>();
    for (const { origin } of rows) {
      const host = affiliateHost(origin);
      if (host) hosts.add(host);
    }
    return hosts;
  });
}

/**
 * True when `host` belongs to a partner: the host of some hotel's affiliate_url, or one of
 * `configuredHosts` (AFFILIATE_HOSTS). If the catalogue cannot be read, only the configured
 * hosts count: the visitor then gets the warning page with a manual link, never an
 * unchecked automatic forward.
 */
export async function isKnownAffiliateHost(
  db: Kysely<Database>,
  host: string,
  configuredHosts: readonly string[],
): Promise<boolean> {
  if (isKnownHost(host, configuredHosts)) return true;
  try {
    return isKnownHost(host, await affiliateUrlHosts(db));
  } catch (error) {
    log.error("affiliate hosts query failed", error);
    return false;
  }
}

export interface OutboundClick {
  /** The spec's `hotel` parameter as given (the hotel page's last path segment). */
  hotel: string | null;
  source: string | null;
  targetHost: string;
}

/** Writes one outbound_clicks row. A failed write is logged, never shown: the visitor still goes on. */
export async function recordOutboundClick(db: Kysely<Database>, click: OutboundClick): Promise<void> {
  try {
    await db
      .insertInto("outbound_clicks")
      // clicked_at: the database's now(), one clock for every app server.
      .values({ hotel_id: click.hotel, source: click.source, target_host: click.targetHost })
      .execute();
  } catch (error) {
    log.error("outbound click not recorded", error, { targetHost: click.targetHost });
  }
}
