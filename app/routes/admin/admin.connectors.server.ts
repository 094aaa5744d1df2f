import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { CONNECTOR_INTENT, connectorsHref } from "#app/admin/connectors-screen.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { connectorHealth, partnerNames, testConnector, type TestSummary } from "#app/live-prices/connector-health.server.ts";
import { configuredConnectors, connectorFor } from "#app/live-prices/connectors.server.ts";
import { dispatchIntent, intent } from "#app/utils/action-kit.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { z } from "#app/utils/zod.ts";

export async function loadConnectors(args: LoaderFunctionArgs) {
  await requireAdmin(args);
  const configured = configuredConnectors().map((connector) => ({ partnerId: connector.partnerId, partnerName: connector.partnerName }));
  const [health, names] = await Promise.all([connectorHealth(configured.map((connector) => connector.partnerId)), partnerNames()]);
  return { configured, health, names, budgetMs: getEnv().LIVE_PRICE_BUDGET_MS };
}

/** The test button's partner (a form field named …_id, so the audit log names it). */
const testSchema = z.object({ partner_id: z.string().min(1).max(40) });

export async function connectorsAction(args: ActionFunctionArgs) {
  await requireAdmin(args);
  const form = await readFormData(args.request, 4 * 1024);
  return dispatchIntent(form, {
    [CONNECTOR_INTENT.test]: intent(testSchema, ({ partner_id: partnerId }) => testConnection(partnerId)),
  });
}

async function testConnection(partnerId: string) {
  const connector = connectorFor(partnerId);
  if (!connector)
    return redirectWithFlash(connectorsHref(), {
      title: "Not configured",
      description: `There is no configured connector for ${partnerId}: nothing was asked.`,
      variant: "destructive",
    });
  const summary = await testConnector(connector);
  return redirectWithFlash(connectorsHref(), {
    title: summary.ok ? `${summary.partnerName} answered` : `${summary.partnerName}: the test failed`,
    description: summaryText(summary),
    // A failed test is shown as an error, so the audit log counts it as refused.
    variant: summary.ok ? "default" : "destructive",
  });
}

/** The partner's raw answer in a few words, for the message after the redirect. */
export function summaryText(summary: TestSummary): string {
  const { stay } = summary;
  if (summary.asked.length === 0 && !summary.ok)
    return `${summary.message} Give hotels their id at ${summary.partnerName} with the hotel feed's partner_ids column or the hotel table's Partner ids.`;
  const asked = `Asked about ${summary.asked.length} ${summary.asked.length === 1 ? "hotel" : "hotels"} (${summary.asked.join(", ")}${summary.sample ? ", the documented sample: no hotel has an id there yet" : ""}) for ${stay.checkIn} to ${stay.checkOut}, ${stay.adults} adults, ${stay.rooms} room, in ${summary.durationMs} ms.`;
  if (summary.ok) {
    const cheapest = summary.cheapest
      ? ` Cheapest total: ${summary.cheapest.total.toFixed(2)} ${summary.cheapest.currency} (hotel ${summary.cheapest.partnerHotelId}).`
      : "";
    return `${asked} ${summary.quotes} ${summary.quotes === 1 ? "quote" : "quotes"} for ${summary.hotelsWithQuotes} ${summary.hotelsWithQuotes === 1 ? "hotel" : "hotels"}, ${summary.unavailable} without availability.${cheapest}`;
  }
  const details = [summary.status === null ? null : `HTTP ${summary.status}`, summary.requestId ? `request id ${summary.requestId}` : null]
    .filter(Boolean)
    .join(", ");
  return `${asked} Error: ${summary.failure}${details ? ` (${details})` : ""}: ${summary.message}`.slice(0, 1000);
}
