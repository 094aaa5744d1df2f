/**
 * The partners' APIs this server asks live: those configured in the environment (with no
 * credentials a connector is off and nothing tries the network). One line per connector module.
 */
import type { Env } from "#app/utils/env.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { createBookingDemandConnector } from "./booking-demand.server.ts";
import type { PartnerConnector } from "./connector.ts";

let replaced: readonly PartnerConnector[] | null = null;

/**
 * Puts `connectors` in place of the environment's (null: the environment's again): the
 * integration tests' fake partners and the benchmark's stand-in, asked through the same code.
 */
export function replaceConnectors(connectors: readonly PartnerConnector[] | null): void {
  replaced = connectors;
}

/** The configured connectors, in the order their rows are shown. */
export function configuredConnectors(env: Env = getEnv()): PartnerConnector[] {
  if (replaced) return [...replaced];
  const connectors: PartnerConnector[] = [];
  // The environment's schema allows all three or none.
  if (env.BOOKING_DEMAND_URL && env.BOOKING_DEMAND_TOKEN && env.BOOKING_AFFILIATE_ID) {
    connectors.push(
      createBookingDemandConnector({
        baseUrl: env.BOOKING_DEMAND_URL,
        token: env.BOOKING_DEMAND_TOKEN,
        affiliateId: env.BOOKING_AFFILIATE_ID,
      }),
    );
  }
  return connectors;
}

/** The configured connector of a partner, or null. */
export function connectorFor(partnerId: string, env: Env = getEnv()): PartnerConnector | null {
  return configuredConnectors(env).find((connector) => connector.partnerId === partnerId) ?? null;
}
