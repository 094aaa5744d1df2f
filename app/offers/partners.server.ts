/**
 * The partners we send visitors to (table partners): which hosts /redirect trusts and how a
 * partner's deep link is filled, and the back office's list, edits and click counts of them.
 * Writes that change them empty the catalogue cache.
 */
import { sql, type Kysely, type Selectable } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database, PartnersTable } from "#app/db/schema.ts";
import { cachedRead } from "#app/utils/catalogue-cache.server.ts";
import { enqueueJob } from "#app/jobs/job-queue.server.ts";
import { owedSummariesJob } from "./offer-summaries.server.ts";
import { offerMaxAgeHours } from "./offers.server.ts";
import type { PartnerInput } from "./partner-form.ts";
import type { ClickPeriod, PartnerClicks } from "./partner-clicks.ts";

type DB = Kysely<Database>;

export interface PartnerLink {
  id: string;
  name: string;
  host: string;
  deepLinkTemplate: string;
  active: boolean;
  /** The partner's logo (an image URL), shown on /redirect; null without one. */
  logoUrl: string | null;
}

/** Every partner by host (what /redirect forwards to, or refuses once deactivated), cached briefly. */
export function partnersByHost(db: DB = getAppDatabase().db): Promise<ReadonlyMap<string, PartnerLink>> {
  return cachedRead(db, "partners-by-host", async () => {
    const rows = await db.selectFrom("partners").select(["id", "name", "host", "deep_link_template", "active", "logo_url"]).execute();
    return new Map(
      rows.map((row) => [
        row.host,
        {
          id: row.id,
          name: row.name,
          host: row.host,
          deepLinkTemplate: row.deep_link_template,
          active: row.active,
          logoUrl: row.logo_url,
        },
      ]),
    );
  });
}

export interface PartnerRow {
  id: string;
  name: string;
  host: string;
  logoUrl: string | null;
  deepLinkTemplate: string;
  /** Where the server fetches its prices (null: it sends none this way). */
  feedUrl: string | null;
  active: boolean;
  /** Lists' lowest prices still count its previous state: the background recompute is under way. */
  summaryPending: boolean;
  /** Hotels it prices: with prices per stay (rate plans), or a current undated lead-in offer. */
  currentOffers: number;
  /** Hotels of those with prices per stay (their freshness is the price feed's last run). */
  datedHotels: number;
  /** updated_at of its newest and oldest current lead-in offer; null without any. */
  newestOffer: Date | null;
  oldestOffer: Date | null;
}

type PartnerColumns = Pick<Selectable<PartnersTable>, "id" | "name" | "host" | "logo_url" | "deep_link_template" | "feed_url" | "active">;

/** A partner's own columns as the back office names them. */
const partnerFieldsOf = (row: PartnerColumns) => ({
  id: row.id,
  name: row.name,
  host: row.host,
  logoUrl: row.logo_url,
  deepLinkTemplate: row.deep_link_template,
  feedUrl: row.feed_url,
  active: row.active,
});

/** Every partner with its current offers counted and their freshness, in one query, by name. */
export async function listPartnersWithOffers(db: DB = getAppDatabase().db): Promise<PartnerRow[]> {
  const rows = await db
    .selectFrom("partners as partner")
    .leftJoin("hotel_offers as offer", (join) =>
      join
        .onRef("offer.partner_id", "=", "partner.id")
        .on("offer.gone_at", "is", null)
        .on("offer.updated_at", ">", sql<Date>`now() - make_interval(hours => ${offerMaxAgeHours()})`),
    )
    .select([
      "partner.id",
      "partner.name",
      "partner.host",
      "partner.logo_url",
      "partner.deep_link_template",
      "partner.feed_url",
      "partner.active",
      "partner.summary_pending",
      sql<number>`count(offer.hotel_id)::int`.as("current_offers"),
      // The partner's plans by its own index (partner_id, hotel_id): no night is read.
      sql<number>`(select count(distinct plan.hotel_id)::int from rate_plans plan where plan.partner_id = partner.id)`.as("dated_hotels"),
      sql<number>`(select count(*)::int from (
        select plan.hotel_id from rate_plans plan where plan.partner_id = partner.id
        union
        select lead_in.hotel_id from hotel_offers lead_in where lead_in.partner_id = partner.id and lead_in.gone_at is null
          and lead_in.updated_at > now() - make_interval(hours => ${offerMaxAgeHours()})
      ) priced)`.as("priced_hotels"),
      sql<Date | null>`max(offer.updated_at)`.as("newest_offer"),
      sql<Date | null>`min(offer.updated_at)`.as("oldest_offer"),
    ])
    .groupBy("partner.id")
    .orderBy("partner.name")
    .orderBy("partner.id")
    .execute();
  return rows.map((row) => ({
    ...partnerFieldsOf(row),
    summaryPending: row.summary_pending,
    currentOffers: row.priced_hotels,
    datedHotels: row.dated_hotels,
    newestOffer: row.newest_offer === null ? null : new Date(row.newest_offer),
    oldestOffer: row.oldest_offer === null ? null : new Date(row.oldest_offer),
  }));
}

/** One partner as the edit form shows it; null when there is none with that id. */
export async function findPartner(id: string, db: DB = getAppDatabase().db): Promise<PartnerInput | null> {
  const row = await db
    .selectFrom("partners")
    .select(["id", "name", "host", "logo_url", "deep_link_template", "feed_url", "landing_url_template", "active"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { ...partnerFieldsOf(row), landingUrlTemplate: row.landing_url_template } : null;
}

export type SavePartnerResult = { saved: true } | { saved: false; field: "id" | "host" | null };

const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

/** Which unique field of `value` another partner than `exceptId` already has (the id first). */
async function takenField(value: PartnerInput, exceptId: string | null, db: DB): Promise<"id" | "host" | null> {
  if (exceptId === null && (await db.selectFrom("partners").select("id").where("id", "=", value.id).executeTakeFirst())) return "id";
  let byHost = db.selectFrom("partners").select("id").where("host", "=", value.host);
  if (exceptId !== null) byHost = byHost.where("id", "<>", exceptId);
  return (await byHost.executeTakeFirst()) ? "host" : null;
}

/**
 * Adds a partner, or (with `existingId`) saves an existing one's fields; its id stays as it
 * was created. A taken id or host is answered, not thrown; a partner that is not there is
 * `field: null`. Empties the caches /redirect reads partner hosts from.
 */
export async function savePartner(
  value: PartnerInput,
  existingId: string | null,
  db: DB = getAppDatabase().db,
): Promise<SavePartnerResult> {
  const fields = {
    name: value.name,
    host: value.host,
    logo_url: value.logoUrl,
    deep_link_template: value.deepLinkTemplate,
    feed_url: value.feedUrl,
    landing_url_template: value.landingUrlTemplate,
    active: value.active,
  };
  try {
    if (existingId === null) {
      await db
        .insertInto("partners")
        .values({ id: value.id, ...fields })
        .execute();
    } else {
      const result = await db.updateTable("partners").set(fields).where("id", "=", existingId).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return { saved: false, field: null };
    }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { saved: false, field: (await takenField(value, existingId, db)) ?? (existingId === null ? "id" : "host") };
  }
  return { saved: true };
}

/**
 * Switches a partner on or off: one row, at any catalogue size. Its offers are shown, and
 * /redirect forwards to its host, only while it is active, which pages check as they read;
 * the hotels' lowest prices in lists follow in the background (offer-summaries.server.ts), in a
 * runner job enqueued with the switch. Its name, or null when there is no such partner.
 */
export async function setPartnerActive(id: string, active: boolean, db: DB = getAppDatabase().db): Promise<string | null> {
  const row = await db.updateTable("partners").set({ active }).where("id", "=", id).returning("name").executeTakeFirst();
  if (row) await enqueueJob(owedSummariesJob, {}, { db });
  return row?.name ?? null;
}

const DAY_MS = 86_400_000;

/**
 * Outbound clicks per partner per day over the last `period` days, today included. A click
 * belongs to the partner it names (partner_id); an older one without that to the partner
 * whose host it went to.
 */
export async function partnerClicksPerDay(
  period: ClickPeriod,
  now: Date = new Date(),
  db: DB = getAppDatabase().db,
): Promise<PartnerClicks> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (period - 1) * DAY_MS);
  const days = Array.from({ length: period }, (_, index) => new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10));
  const [partners, counts] = await Promise.all([
    db.selectFrom("partners").select(["id", "name"]).orderBy("name").orderBy("id").execute(),
    db
      .selectFrom("outbound_clicks as click")
      .innerJoin("partners as partner", (join) =>
        join.on((eb) =>
          eb.or([
            eb("click.partner_id", "=", eb.ref("partner.id")),
            eb.and([eb("click.partner_id", "is", null), eb(sql`lower(click.target_host)`, "=", eb.ref("partner.host"))]),
          ]),
        ),
      )
      .where("click.clicked_at", ">=", since)
      .select([
        "partner.id",
        sql<string>`to_char(click.clicked_at at time zone 'UTC', 'YYYY-MM-DD')`.as("day"),
        sql<number>`count(*)::int`.as("clicks"),
      ])
      .groupBy(["partner.id", sql`2`])
      .execute(),
  ]);
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  const byPartner = new Map(partners.map((partner) => [partner.id, { ...partner, perDay: days.map(() => 0), total: 0 }]));
  for (const row of counts) {
    const entry = byPartner.get(row.id);
    const index = dayIndex.get(row.day);
    if (!entry || index === undefined) continue;
    entry.perDay[index] = row.clicks;
    entry.total += row.clicks;
  }
  return { days, partners: [...byPartner.values()] };
}
