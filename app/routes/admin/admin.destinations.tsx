import { data, Form, useNavigation } from "react-router";
import { sql } from "kysely";
import { z } from "#app/utils/zod.ts";
import type { Route } from "./+types/admin.destinations";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { listPopularDestinations } from "#app/hotels/destinations.server.ts";
import { clearCatalogueCache } from "#app/hotels/catalogue-cache.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { getAppDatabase } from "#app/db/db.server.ts";
import { isHttpOrLocalUrl } from "#app/blog/content-blocks.ts";
import { isUuid } from "#app/utils/uuid.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { log } from "#app/utils/log.server.ts";

export function meta() {
  return adminMeta("Popular Destinations");
}

const REQUIRED = "Name, description and image are required";
const DEFAULT_PRICE = "Från 890 kr";
const URL_RULE = "must start with http://, https:// or / (a page on this site)";

const text = (max: number) => z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string().max(max, `At most ${max} characters`));

const destinationSchema = z
  .object({
    name: text(80),
    description: text(300),
    image: text(500),
    price: text(40),
    link: text(500),
  })
  .superRefine((value, ctx) => {
    if (!value.name || !value.description || !value.image) ctx.addIssue({ code: "custom", message: REQUIRED, path: ["form"] });
    if (value.image && !isHttpOrLocalUrl(value.image)) ctx.addIssue({ code: "custom", message: `Image URL ${URL_RULE}`, path: ["image"] });
    if (value.link && !isHttpOrLocalUrl(value.link)) ctx.addIssue({ code: "custom", message: `Link ${URL_RULE}`, path: ["link"] });
  });

type Fields = "name" | "description" | "image" | "price" | "link";

/** The link a destination gets when none is given (back-office spec §5). */
const defaultLink = (name: string) => `/hotels?destination=${encodeURIComponent(name.toLowerCase())}`;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { destinations: await listPopularDestinations(getAppDatabase().db) };
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const form = await readFormData(args.request, 16 * 1024);
  const db = getAppDatabase().db;
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");

  if (intent === "add") {
    const typed = Object.fromEntries((["name", "description", "image", "price", "link"] as const).map((key) => [key, String(form.get(key) ?? "").slice(0, 600)])) as Record<Fields, string>;
    const parsed = destinationSchema.safeParse(typed);
    if (!parsed.success) {
      const errors: Partial<Record<Fields | "form", string>> = {};
      for (const issue of parsed.error.issues) errors[(issue.path[0] as Fields | "form") ?? "form"] ??= issue.message;
      return data({ typed, errors }, { status: 400 });
    }
    const value = parsed.data;
    try {
      await db.transaction().execute(async (trx) => {
        const last = await trx.selectFrom("popular_destinations").select(sql<number>`coalesce(max(position), -1)::int`.as("max")).executeTakeFirstOrThrow();
        await trx
          .insertInto("popular_destinations")
          .values({
            name: value.name,
            description: value.description,
            image: value.image,
            price_text: value.price || DEFAULT_PRICE,
            link: value.link || defaultLink(value.name),
            position: last.max + 1,
          })
          .execute();
      });
    } catch (error) {
      log.error("add destination failed", error);
      return data({ typed, errors: { form: "Failed to save the destination. Please try again." } }, { status: 500 });
    }
    clearCatalogueCache();
    return redirectWithFlash("/admin/destinations", { title: "Destination added", description: `${value.name} is now on the home page.` });
  }

  if (!isUuid(id)) return redirectWithFlash("/admin/destinations", { title: "Error", description: "Unknown error occurred", variant: "destructive" });

  if (intent === "remove") {
    const removed = await db.deleteFrom("popular_destinations").where("id", "=", id).returning("name").executeTakeFirst();
    clearCatalogueCache();
    return redirectWithFlash("/admin/destinations", removed ? { title: "Destination removed", description: `${removed.name} is no longer on the home page.` } : { title: "Error", description: "That destination was already removed.", variant: "destructive" });
  }

  if (intent === "up" || intent === "down") {
    await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom("popular_destinations").select("id").orderBy("position").orderBy("created_at").forUpdate().execute();
      const index = rows.findIndex((row) => row.id === id);
      const target = intent === "up" ? index - 1 : index + 1;
      if (index === -1 || target < 0 || target >= rows.length) return;
      [rows[index], rows[target]] = [rows[target]!, rows[index]!];
      // Positions are rewritten 0..n-1, which also repairs any gaps or ties.
      for (const [position, row] of rows.entries()) await trx.updateTable("popular_destinations").set({ position }).where("id", "=", row.id).execute();
    });
    clearCatalogueCache();
    return redirectWithFlash("/admin/destinations", { title: "Order saved", description: "The home page shows the destinations in this order." });
  }
  return redirectWithFlash("/admin/destinations", { title: "Error", description: "Unknown error occurred", variant: "destructive" });
}

const inputClass = (invalid: boolean) =>
  `w-full rounded-md border bg-white px-3 py-2 text-sm ${invalid ? "border-red-600 ring-1 ring-red-600" : "border-slate-400"}`;
const smallButton = "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium hover:bg-slate-50 disabled:opacity-50";

export default function AdminDestinations({ loaderData, actionData }: Route.ComponentProps) {
  const { destinations } = loaderData;
  const busy = useNavigation().state === "submitting";
  const typed = actionData?.typed;
  const errors: Partial<Record<Fields | "form", string>> = actionData?.errors ?? {};
  const describedBy = (field: Fields) => (errors[field] ? `destination-${field}-error` : undefined);

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <AdminPageHeader title="Manage Popular Destinations" description="The destination cards of the home page, in the order shown here." />
      <section aria-labelledby="destinations-list">
        <h2 id="destinations-list" className="mb-3 text-lg font-semibold">
          Destinations ({destinations.length})
        </h2>
        {destinations.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-muted">No destinations yet: the home page hides the section until you add one.</p>
        ) : (
          <ol className="space-y-3">
            {destinations.map((destination, index) => (
              <li key={destination.id} className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-3">
                <img src={destination.image} alt="" width={96} height={64} className="h-16 w-24 rounded object-cover" loading="lazy" />
                <div className="min-w-48 flex-1">
                  <p className="font-semibold">{destination.name}</p>
                  <p className="text-sm text-muted">{destination.description}</p>
                  <p className="text-sm">
                    {destination.priceText} · <span className="font-mono text-xs">{destination.link}</span>
                  </p>
                </div>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="id" value={destination.id} />
                  <button type="submit" name="intent" value="up" disabled={busy || index === 0} className={smallButton} aria-label={`Move ${destination.name} up`}>
                    ↑
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="down"
                    disabled={busy || index === destinations.length - 1}
                    className={smallButton}
                    aria-label={`Move ${destination.name} down`}
                  >
                    ↓
                  </button>
                  <button type="submit" name="intent" value="remove" disabled={busy} className={`${smallButton} text-red-700`} aria-label={`Remove ${destination.name}`}>
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="destinations-add" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="destinations-add" className="text-lg font-semibold">
          Add New Destination
        </h2>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" key={typed ? "retry" : "fresh"} noValidate>
          <input type="hidden" name="intent" value="add" />
          {errors.form ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 sm:col-span-2">
              {errors.form}
            </p>
          ) : null}
          {(
            [
              { field: "name", label: "Name", required: true, placeholder: "Stockholm" },
              { field: "image", label: "Image URL", required: true, placeholder: "https://… or /images/…" },
              { field: "price", label: "Price", required: false, placeholder: DEFAULT_PRICE },
              { field: "link", label: "Link", required: false, placeholder: "/hotels?destination=stockholm (from the name when empty)" },
            ] as const
          ).map(({ field, label, required, placeholder }) => (
            <div key={field}>
              <label htmlFor={`destination-${field}`} className="mb-1 block text-sm font-medium">
                {label}
                {required ? "" : " (optional)"}
              </label>
              <input
                id={`destination-${field}`}
                name={field}
                defaultValue={typed?.[field] ?? (field === "price" ? DEFAULT_PRICE : "")}
                placeholder={placeholder}
                required={required}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={describedBy(field)}
                className={inputClass(Boolean(errors[field]))}
              />
              {errors[field] ? (
                <p id={`destination-${field}-error`} className="mt-1 text-sm font-medium text-red-700">
                  {errors[field]}
                </p>
              ) : null}
            </div>
          ))}
          <div className="sm:col-span-2">
            <label htmlFor="destination-description" className="mb-1 block text-sm font-medium">Description</label>
            <textarea
              id="destination-description"
              name="description"
              rows={3}
              required
              defaultValue={typed?.description ?? ""}
              aria-invalid={errors.description ? true : undefined}
              className={inputClass(Boolean(errors.description))}
            />
          </div>
          <div className="sm:col-span-2">
            <button type="submit" disabled={busy} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70">
              Add Destination
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
