import type { Route } from "./+types/admin.partners.clicks[.]csv";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { partnerClicksCsv, partnerClicksFileName, readClickPeriod } from "#app/offers/partner-clicks.ts";
import { partnerClicksPerDay } from "#app/offers/partners.server.ts";

/** GET /admin/partners/clicks.csv?period=30: outbound clicks per partner per day as a file (day,partner,clicks). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const clicks = await partnerClicksPerDay(readClickPeriod(args.url.searchParams.get("period")));
  return new Response(partnerClicksCsv(clicks), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${partnerClicksFileName(clicks)}"`,
      "Cache-Control": "no-store",
    },
  });
}
