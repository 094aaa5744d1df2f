import { useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "#app/utils/zod.ts";
import type { Route } from "./+types/admin.affiliate";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { getAppDatabase } from "#app/db/db.server.ts";
import { stripTrailingPeriod } from "#app/hotels/hotel.ts";
import { hotelPath } from "#app/utils/paths.ts";
import { withoutControlChars } from "#app/hotels/search-params.ts";
import { getEnv } from "#app/utils/env.server.ts";

export function meta() {
  return adminMeta("Affiliate URLs");
}

const REQUIRED = "Hotel ID and affiliate ID are required";
const UTM_RULE = "may only contain letters, digits, '-', '_' and '.' (at most 50)";

const field = (max: number) => z.preprocess((value) => (typeof value === "string" ? withoutControlChars(value).trim() : ""), z.string().max(max));
const utm = (name: string, fallback: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() ? value.trim() : fallback),
    z.string().regex(/^[\w.-]{1,50}$/, `${name} ${UTM_RULE}`),
  );

const generatorSchema = z.object({
  hotel: field(200).transform(stripTrailingPeriod),
  affiliate: field(100),
  source: utm("UTM Source", "partner"),
  medium: utm("UTM Medium", "affiliate"),
});

/**
 * Links a partner can use to send visitors to one hotel's page on our site (DESIGN §4 item 4:
 * the hotel's real address, not the spec's fixed /sweden/stockholm/), tagged with their
 * affiliate id and UTM parameters. Nothing is stored, so it is a GET form.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const params = args.url.searchParams;
  const typed = {
    hotel: params.get("hotel") ?? "",
    affiliate: params.get("affiliate") ?? "",
    source: params.get("source") ?? "partner",
    medium: params.get("medium") ?? "affiliate",
  };
  if (!params.has("hotel") && !params.has("affiliate")) return { typed, url: null, error: null };
  const parsed = generatorSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return { typed, url: null, error: parsed.error.issues[0]?.message ?? REQUIRED };
  const { hotel: hotelId, affiliate, source, medium } = parsed.data;
  if (!hotelId || !affiliate) return { typed, url: null, error: REQUIRED };
  const hotel = await getAppDatabase()
    .db.selectFrom("hotels")
    .select(["hotel_id", "name", "location", "country"])
    .where("hotel_id", "=", hotelId)
    .executeTakeFirst();
  if (!hotel) return { typed, url: null, error: `No hotel found with this ID: ${hotelId}` };
  if (!hotel.country || !hotel.location) return { typed, url: null, error: "This hotel has no country or location, so it has no page to link to." };
  const url = new URL(hotelPath({ country: hotel.country, location: hotel.location, name: hotel.name, hotel_id: hotel.hotel_id }), getEnv().SITE_URL);
  url.searchParams.set("aff_id", affiliate);
  url.searchParams.set("utm_source", source);
  url.searchParams.set("utm_medium", medium);
  url.searchParams.set("utm_campaign", hotel.hotel_id);
  return { typed, url: url.toString(), hotelName: hotel.name ?? hotel.hotel_id, error: null };
}

const inputClass = "w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm";

export default function AdminAffiliate({ loaderData }: Route.ComponentProps) {
  const { typed, url, error } = loaderData;
  const hydrated = useHydrated();
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(url ?? "");
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <AdminPageHeader title="Generate Affiliate URLs" description="A tracked link to a hotel's page on this site, for a partner to use." />
      {/* The server checks the fields and answers with the spec's message, with or without JavaScript. */}
      <Form method="get" noValidate className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2" key={JSON.stringify(typed)}>
        <div>
          <label htmlFor="affiliate-hotel" className="mb-1 block text-sm font-medium">Hotel ID</label>
          <input id="affiliate-hotel" name="hotel" defaultValue={typed.hotel} required className={inputClass} aria-describedby={error ? "affiliate-error" : undefined} />
        </div>
        <div>
          <label htmlFor="affiliate-id" className="mb-1 block text-sm font-medium">Affiliate ID</label>
          <input id="affiliate-id" name="affiliate" defaultValue={typed.affiliate} required className={inputClass} aria-describedby={error ? "affiliate-error" : undefined} />
        </div>
        <div>
          <label htmlFor="affiliate-source" className="mb-1 block text-sm font-medium">UTM Source</label>
          <input id="affiliate-source" name="source" defaultValue={typed.source} className={inputClass} />
        </div>
        <div>
          <label htmlFor="affiliate-medium" className="mb-1 block text-sm font-medium">UTM Medium</label>
          <input id="affiliate-medium" name="medium" defaultValue={typed.medium} className={inputClass} />
        </div>
        {error ? (
          <p id="affiliate-error" role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 sm:col-span-2">
            {error}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Generate
          </button>
        </div>
      </Form>
      {url ? (
        <section aria-labelledby="affiliate-result" className="space-y-2 rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="affiliate-result" className="font-semibold">
            Affiliate URL for {loaderData.hotelName}
          </h2>
          <div className="flex flex-wrap gap-2">
            <label htmlFor="affiliate-url" className="sr-only">Affiliate URL</label>
            <input
              id="affiliate-url"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className={`${inputClass} min-w-0 flex-1 font-mono`}
            />
            {hydrated ? (
              <button type="button" onClick={copyUrl} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50">
                Copy
              </button>
            ) : null}
          </div>
          <p role="status" className="text-sm">
            {copy === "copied" ? "Copied to clipboard." : copy === "failed" ? "Failed to copy URL to clipboard" : hydrated ? "" : "Select the address to copy it."}
          </p>
        </section>
      ) : null}
    </div>
  );
}
