/**
 * Dated prices for tests, written as the importer stores them: a partner, a rate plan (one room
 * for two adults with its conditions) and its nightly rates, then the hotels' lead prices and
 * list summary recomputed (refreshLeadPrices).
 */
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";
import { addDays } from "#app/utils/stay.ts";

export async function addPartner(db: Kysely<Database>, id: string, name = id): Promise<void> {
  await db
    .insertInto("partners")
    .values({ id, name, host: `${id}.example` })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export interface PlanSpec {
  /** hotels.id */
  hotelId: string;
  partnerId: string;
  /** Per night, in `currency`. */
  base: number;
  tax?: number;
  fees?: number;
  currency?: string;
  breakfast?: boolean;
  refundable?: boolean;
  payAtHotel?: boolean;
  /** The first night and how many follow it. */
  from: string;
  nights: number;
}

/** A plan for two adults in one room, priced the same every night from `from`. */
export async function addRatePlan(db: Kysely<Database>, spec: PlanSpec): Promise<void> {
  await addPartner(db, spec.partnerId);
  const plan = await db
    .insertInto("rate_plans")
    .values({
      hotel_id: spec.hotelId,
      partner_id: spec.partnerId,
      adults: 2,
      rooms: 1,
      breakfast_included: spec.breakfast ?? false,
      refundable: spec.refundable ?? false,
      pay_at_hotel: spec.payAtHotel ?? false,
      currency: spec.currency ?? "SEK",
      landing_url: `https://${spec.partnerId}.example/hotel`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("nightly_rates")
    .values(
      Array.from({ length: spec.nights }, (_, index) => ({
        plan_id: plan.id,
        night: addDays(spec.from, index),
        base: spec.base,
        tax: spec.tax ?? 0,
        fees: spec.fees ?? 0,
        confirmed_at: new Date(),
      })),
    )
    .execute();
}
