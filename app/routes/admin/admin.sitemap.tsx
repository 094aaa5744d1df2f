import { Form, href, Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/admin.sitemap";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { useCopyToClipboard } from "#app/components/copy-feedback.ts";
import { TableScroll } from "#app/components/ui/table.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { ActionRefusalAlert } from "#app/components/ui/forms.tsx";
import { readFormData } from "#app/http/form-data.server.ts";
import { sitemapAction, sitemapPage } from "./admin.sitemap.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Sitemap Generator", matches);
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return sitemapPage(args.url.searchParams);
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return sitemapAction(await readFormData(args.request, 4 * 1024));
}

const tabClass = (active: boolean) =>
  `rounded-t-md border-b-2 px-4 py-2 text-sm font-medium ${active ? "border-brand-600 text-brand-700" : "border-transparent text-muted hover:text-ink"}`;
const button = buttonClassName({ variant: "secondary" });

export default function AdminSitemap({ loaderData, actionData }: Route.ComponentProps) {
  const { generated, tab } = loaderData;
  const error = "error" in loaderData ? loaderData.error : null;
  const hydrated = useHydrated();
  const { status: copy, copy: copyText } = useCopyToClipboard();
  const copyXml = () => copyText(generated?.xml ?? "");

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminPageHeader title="Sitemap Generator" description="The sitemap crawlers read at /sitemap.xml, generated from the database." />
      <div className="flex flex-wrap gap-3">
        <Form method="get">
          <input type="hidden" name="generate" value="1" />
          <input type="hidden" name="tab" value={tab} />
          <Button type="submit">Generate Sitemap</Button>
        </Form>
        {generated ? (
          <a href={href("/admin/sitemap/download")} download="sitemap.xml" className={button}>
            Download
          </a>
        ) : null}
        <a href={href("/sitemap.xml")} target="_blank" rel="noopener" className={button}>
          View Live Sitemap<span className="sr-only"> (new tab)</span>
        </a>
        <Form method="post">
          {generated ? <input type="hidden" name="generated" value="1" /> : null}
          <Button type="submit" name="intent" value="update-live" variant="secondary">
            Update Live Sitemap
          </Button>
        </Form>
        {generated && hydrated ? (
          <Button type="button" variant="secondary" onClick={copyXml}>
            Copy to clipboard
          </Button>
        ) : null}
      </div>
      <ActionRefusalAlert actionData={actionData} />
      <p role="status" className="text-sm">
        {copy === "copied" ? "Sitemap copied to clipboard." : copy === "failed" ? "Could not copy to clipboard" : ""}
      </p>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}

      {/* A note on this screen, not a landmark: the sidebar is the back office's one aside. */}
      <div role="note" className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
        <p>
          Paths: <code>/</code>, <code>/hotels</code>, <code>/{"{country}"}</code>, <code>/{"{country}/{location}"}</code>,{" "}
          <code>/{"{country}/{location}/{hotel}"}</code>, the neighbourhood, amenity and landmark pages with at least five hotels (
          <code>/omrade/</code>, <code>/med/</code>, <code>/nara/</code>) and the published blog posts. Beyond 50,000 addresses /sitemap.xml
          becomes a sitemap index.
        </p>
      </div>

      {generated ? (
        <>
          <section aria-labelledby="sitemap-counts">
            <h2 id="sitemap-counts" className="mb-2 font-semibold">
              {generated.counts.total.toLocaleString("en-GB")} URLs
              {generated.index ? ` in ${generated.parts} files (a sitemap index)` : ""}
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
              {(
                [
                  ["Pages", generated.counts.pages],
                  ["Countries", generated.counts.countries],
                  ["Places", generated.counts.places],
                  ["Neighbourhoods", generated.counts.neighbourhoods],
                  ["Landing pages", generated.counts.landings],
                  ["Landmark pages", generated.counts.landmarks],
                  ["Hotels", generated.counts.hotels],
                  ["Blog posts", generated.counts.posts],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
                  <dt className="text-xs text-muted">{label}</dt>
                  <dd className="text-xl font-bold">{value.toLocaleString("en-GB")}</dd>
                </div>
              ))}
            </dl>
          </section>
          <nav aria-label="Sitemap views" className="flex gap-1 border-b border-slate-200">
            <Link
              to="?generate=1&tab=xml"
              aria-current={tab === "xml" ? "page" : undefined}
              className={tabClass(tab === "xml")}
              preventScrollReset
            >
              XML
            </Link>
            <Link
              to="?generate=1&tab=preview"
              aria-current={tab === "preview" ? "page" : undefined}
              className={tabClass(tab === "preview")}
              preventScrollReset
            >
              Preview
            </Link>
          </nav>
          {tab === "xml" ? (
            <div>
              <label htmlFor="sitemap-xml" className="sr-only">
                Sitemap XML
              </label>
              <textarea
                id="sitemap-xml"
                readOnly
                value={generated.xml}
                rows={20}
                className="w-full rounded-md border border-slate-300 bg-slate-50 p-3 font-mono text-xs"
              />
            </div>
          ) : (
            <TableScroll label="Sitemap preview" lead={0} actions={false}>
              <table className="min-w-full text-sm">
                <caption className="p-3 text-left text-muted">
                  {generated.index
                    ? "The sitemap index lists its files:"
                    : `The first ${Math.min(generated.previewRows, generated.urlsInDocument)} of ${generated.urlsInDocument} addresses:`}
                </caption>
                <thead className="bg-slate-50 text-left">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      #
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Address
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {generated.preview.map((url, index) => (
                    <tr key={url}>
                      <td className="px-3 py-1.5 text-muted">{index + 1}</td>
                      <td className="px-3 py-1.5 font-mono text-xs break-all">{url}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      ) : null}
    </div>
  );
}
