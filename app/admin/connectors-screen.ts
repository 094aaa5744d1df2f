/** The connector health screen's address and its one button, shared by its page and its action. */
import { href } from "react-router";

export const CONNECTOR_INTENT = { test: "test-connection" } as const;

export const connectorsHref = () => href("/admin/connectors");

/** The settings that turn each connector on (docs/configuration.md), for the screen without one. */
export const CONNECTOR_SETTINGS: ReadonlyArray<{ partner: string; variables: readonly string[] }> = [
  { partner: "Booking.com (Demand API v3.2)", variables: ["BOOKING_DEMAND_URL", "BOOKING_DEMAND_TOKEN", "BOOKING_AFFILIATE_ID"] },
];

/** "3 of 4 (75 %)", or a dash without calls. */
export function shareText(part: number, whole: number): string {
  if (whole === 0) return "–";
  return `${part} of ${whole} (${Math.round((part / whole) * 100)} %)`;
}

/** Milliseconds as the screen shows them: "412 ms", or a dash. */
export const msText = (value: number | null) => (value === null ? "–" : `${Math.round(value)} ms`);
