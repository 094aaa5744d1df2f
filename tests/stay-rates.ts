/**
 * Dated prices for tests, written straight into the stay price tables (rate_plans and
 * nightly_rates) as the price importer stores them: one plan with its nights.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema.ts";

export interface TestPlan {
  hotelId: string;
  partnerId: string;
  adults?: number;
  rooms?: number;
  roomName?: string | null;
  breakfast?: boolean;
  refundable?: boolean;
  payAtHotel?: boolean;
  currency?: string;
  landingUrl: string;
}

export interface TestNight {
  night: string;
  base: number;
  tax?: number;
  fees?: number;
  freeCancellationUntil?: string | null;
  /** Default: 2 hours 10 minutes ago (read "för 2 timmar sedan" however long the test takes). */
  confirmedAt?: Date;
}

/** Inserts a rate plan and its nights; returns the plan's id. */
export async function insertStayRates(db: Kysely<Database>, plan: TestPlan, nights: readonly TestNight[]): Promise<number> {
  const { id } = await db
    .insertInto("rate_plans")
    .values({
      hotel_id: plan.hotelId,
      partner_id: plan.partnerId,
      adults: plan.adults ?? 2,
      rooms: plan.rooms ?? 1,
      room_key: `${plan.roomName ?? ""}|${plan.landingUrl}`,
      room_name: plan.roomName ?? null,
      breakfast_included: plan.breakfast ?? false,
      refundable: plan.refundable ?? false,
      pay_at_hotel: plan.payAtHotel ?? false,
      currency: plan.currency ?? "SEK",
      landing_url: plan.landingUrl,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (nights.length) {
    await db
      .insertInto("nightly_rates")
      .values(
        nights.map((night) => ({
          plan_id: id,
          night: night.night,
          base: night.base,
          tax: night.tax ?? 0,
          fees: night.fees ?? 0,
          free_cancellation_until: night.freeCancellationUntil ?? null,
          confirmed_at: night.confirmedAt ?? sql<Date>`now() - interval '2 hours 10 minutes'`,
        })),
      )
      .execute();
  }
  return id;
}
