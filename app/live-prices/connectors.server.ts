/**
 * The partners' APIs this server asks live: those configured in the environment (with no
 * credentials a connector is off and nothing tries the network). One line per connector module.
 */
import type { Env } from "#app/utils/env.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import type { PartnerConnector } from "./connector.ts";

/** The configured connectors, in the order their rows are shown. */
export function configuredConnectors(env: Env = getEnv()): PartnerConnector[] {
  const connectors: PartnerConnector[] = [];
  void env; // Booking.com's Demand API joins here when BOOKING_DEMAND_* are set.
  return withStandIns(connectors);
}

/** The configured connector of a partner, or null. */
export function connectorFor(partnerId: string, env: Env = getEnv()): PartnerConnector | null {
  return configuredConnectors(env).find((connector) => connector.partnerId === partnerId) ?? null;
}

// Stand-ins for tests, set in the running app's module graph (TestApp.importApp): a stand-in is
// configured whatever the environment says, in place of its partner's own connector.
const standIns = new Map<string, PartnerConnector>();

const withStandIns = (connectors: PartnerConnector[]) =>
  standIns.size ? [...connectors.filter((connector) => !standIns.has(connector.partnerId)), ...standIns.values()] : connectors;

/** Tests only: makes `connector` its partner's configured connector; null removes every stand-in. */
export function setStandInConnector(connector: PartnerConnector | null): void {
  if (connector) standIns.set(connector.partnerId, connector);
  else standIns.clear();
}
