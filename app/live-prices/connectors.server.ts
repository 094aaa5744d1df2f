/**
 * The partners' APIs this server asks live: those configured in the environment (with no
 * credentials a connector is off and nothing tries the network). One line per connector module.
 */
import type { Env } from "#app/utils/env.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
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
  void env; // Booking.com's Demand API joins here when BOOKING_DEMAND_* are set.
  return connectors;
}

/** The configured connector of a partner, or null. */
export function connectorFor(partnerId: string, env: Env = getEnv()): PartnerConnector | null {
  return configuredConnectors(env).find((connector) => connector.partnerId === partnerId) ?? null;
}
