/**
 * Outbound affiliate traffic: which hosts /redirect may forward to, and the outbound_clicks
 * log. A click row holds the hotel, the source, the target host, the time and a salted daily
 * hash of the visitor; never an IP address, a cookie or a user agent.
 */
import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { affiliateHost, isKnownHost } from "#app/outbound/redirect-params.ts";
import { log } from "#app/utils/log.server.ts";
import { isPublicHost } from "#app/utils/public-host.ts";
import { addressClaim, RATE_POLICIES, takeRateLimit } from "#app/http/rate-limit.server.ts";
import { cachedRead } from "#app/utils/catalogue-cache.server.ts";
import { partnersByHost, type PartnerLink } from "#app/offers/partners.server.ts";
import type { Stay } from "#app/utils/stay.ts";

// The scheme and authority of an affiliate URL, so the database hands back one row per
// partner origin instead of every hotel's URL. A backslash ends the authority as it does
// for browsers ('https://evil.example\@partner' is evil.example). affiliateHost() then
// normalises what is left exactly as the redirect page normalises its `to`.
const ORIGIN_PATTERN = String.raw`^(https?://[^/?#\\]+)`;

/** The hosts of every hotel's affiliate_url, cached like the other catalogue lists. */
export function affiliateUrlHosts(db: Kysely<Database> = getAppDatabase().db): Promise<ReadonlySet<string>> {
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

export type PartnerMatch = { known: false } | { known: true; partner: PartnerLink | null };

/**
 * Whether `host` belongs to a partner, and which: an active partner's host (partners table),
 * the host of some hotel's affiliate_url, or one of `configuredHosts` (AFFILIATE_HOSTS); the
 * last two have no partner row. A host that is not public (isPublicHost) belongs to none of them. A deactivated partner's host is not forwarded to even where
 * hotels still link to it, unless the configuration names it. If the catalogue cannot be
 * read, only the configured hosts count: the visitor then gets the warning page with a
 * manual link, never an unchecked automatic forward.
 */
export async function findAffiliatePartner(
  host: string,
  configuredHosts: readonly string[],
  db: Kysely<Database> = getAppDatabase().db,
): Promise<PartnerMatch> {
  const wanted = host.toLowerCase();
  // Never to this machine, a private network or a metadata service, whoever vouches for the host.
  if (!isPublicHost(wanted)) return { known: false };
  try {
    if (isKnownHost(host, configuredHosts)) return { known: true, partner: null };
    const partner = (await partnersByHost(db)).get(wanted);
    if (partner) return partner.active ? { known: true, partner } : { known: false };
    return isKnownHost(host, await affiliateUrlHosts(db)) ? { known: true, partner: null } : { known: false };
  } catch (error) {
    log.error("affiliate hosts query failed", error);
    return isKnownHost(host, configuredHosts) ? { known: true, partner: null } : { known: false };
  }
}

export interface OutboundClick {
  /** The `hotel` query parameter as given (the hotel page's last path segment). */
  hotel: string | null;
  source: string | null;
  targetHost: string;
  partnerId?: string | null;
  stay?: Stay;
}

/** Who clicked, as far as counting needs: never stored as such. */
export interface ClickVisitor {
  address: string | null;
  userAgent: string;
}

const saltByDay = new Map<string, string>();

/**
 * The day's random salt, shared by every app server through the database. Yesterday's is
 * deleted by housekeeping, after which no hash of that day can be matched to an address.
 */
async function daySalt(day: string, db: Kysely<Database> = getAppDatabase().db): Promise<string> {
  const known = saltByDay.get(day);
  if (known) return known;
  await db
    .insertInto("click_salts")
    .values({ day, salt: crypto.randomBytes(32).toString("base64") })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const { salt } = await db.selectFrom("click_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
  saltByDay.clear(); // only today's is ever needed
  saltByDay.set(day, salt);
  return salt;
}

export type ClickOutcome = "counted" | "repeat" | "address-limit" | "failed";

/**
 * Counts a click on the dashboard at most once a day per visitor (a salted daily hash of
 * address and user agent), hotel and partner, and at most a few dozen an hour from one
 * address whatever user agents it claims. A failed write is logged, never shown: the visitor
 * still goes on.
 */
export async function recordOutboundClick(
  click: OutboundClick,
  visitor: ClickVisitor,
  db: Kysely<Database> = getAppDatabase().db,
): Promise<ClickOutcome> {
  try {
    const day = new Date().toISOString().slice(0, 10);
    const visitorHash = crypto
      .createHash("sha256")
      .update(`${await daySalt(day, db)}\n${visitor.address ?? ""}\n${visitor.userAgent}`)
      .digest("base64url");
    const slot = await takeRateLimit([addressClaim("clicks", visitor.address, RATE_POLICIES.clicksPerAddress)], db);
    if (!slot.allowed) return "address-limit";
    const stay = click.stay;
    const { rows } = await sql<{ id: number }>`
      insert into outbound_clicks (hotel_id, source, target_host, visitor_hash, partner_id, check_in, check_out, adults, rooms)
      values (${click.hotel}, ${click.source}, ${click.targetHost}, ${visitorHash}, ${click.partnerId ?? null},
        ${stay?.checkIn ?? null}, ${stay?.checkOut ?? null}, ${stay?.adults ?? null}, ${stay?.rooms ?? null})
      on conflict (visitor_hash, target_host, (coalesce(hotel_id, ''))) where visitor_hash is not null do nothing
      returning id
    `.execute(db);
    if (rows.length) return "counted";
    await slot.release(); // a repeat uses none of the address's allowance
    return "repeat";
  } catch (error) {
    log.error("outbound click not recorded", error, { targetHost: click.targetHost });
    return "failed";
  }
}

/** Deletes salts of past days and the hashes made with them (housekeeping). */
export async function forgetClickVisitors(now: Date = new Date(), db: Kysely<Database> = getAppDatabase().db): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  await db.deleteFrom("click_salts").where("day", "<", today).execute();
  const cleared = await db
    .updateTable("outbound_clicks")
    .set({ visitor_hash: null })
    .where("visitor_hash", "is not", null)
    .where("clicked_at", "<", new Date(now.getTime() - 2 * 86_400_000))
    .executeTakeFirst();
  return Number(cleared.numUpdatedRows);
}
