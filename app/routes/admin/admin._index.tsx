import { Link } from "react-router";
import type { Route } from "./+types/admin._index";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { catalogueFigures, clickFigures } from "#app/admin/dashboard.server.ts";
import { ClicksChart } from "#app/components/clicks-chart.tsx";
import { DASHBOARD_CARDS } from "#app/admin/screens.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";

export function meta() {
  return adminMeta("Dashboard");
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const [figures, clicks] = await Promise.all([catalogueFigures(), clickFigures()]);
  return { figures, clicks };
}

const percent = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-GB");
const share = (part: number, whole: number) => (whole === 0 ? "–" : percent.format(part / whole));

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures, clicks } = loaderData;
  const tiles = [
    { label: "Hotels in total", value: count.format(figures.hotels) },
    {
      label: "With an affiliate URL",
      value: share(figures.withAffiliateUrl, figures.hotels),
      detail: `${count.format(figures.withAffiliateUrl)} hotels`,
    },
    {
      label: "Description rewritten",
      value: share(figures.rewritten, figures.hotels),
      detail: `${count.format(figures.rewritten)} hotels`,
    },
    { label: "Outbound clicks, 7 days", value: count.format(clicks.last7) },
    { label: "Outbound clicks, 30 days", value: count.format(clicks.last30) },
  ];
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <p className="mt-1 text-muted">Welcome to the admin dashboard.</p>
      <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-5">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm text-muted">{tile.label}</dt>
            <dd className="mt-1 text-3xl font-bold">{tile.value}</dd>
            {tile.detail ? <dd className="text-sm text-muted">{tile.detail}</dd> : null}
          </div>
        ))}
      </dl>
      <section aria-labelledby="clicks-heading" className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="clicks-heading" className="font-semibold">
          Clicks to partners per day
        </h2>
        <ClicksChart perDay={clicks.perDay} />
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <TopList
            title="Top hotels, 30 days"
            empty="No clicks yet."
            rows={clicks.topHotels.map((row) => ({ key: row.hotelId, label: row.name ?? row.hotelId, clicks: row.clicks }))}
          />
          <TopList
            title="Top sources, 30 days"
            empty="No clicks yet."
            rows={clicks.topSources.map((row) => ({ key: row.source, label: row.source, clicks: row.clicks }))}
          />
        </div>
      </section>
      {DASHBOARD_CARDS.length ? (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {DASHBOARD_CARDS.map((card) => (
            <li key={card.path}>
              <Link
                to={card.path}
                className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500"
              >
                <h2 className="font-semibold">{card.label}</h2>
                <p className="mt-1 text-sm text-muted">{card.card}</p>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function TopList({ title, empty, rows }: { title: string; empty: string; rows: { key: string; label: string; clicks: number }[] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-100 text-sm">
          {rows.map((row) => (
            <li key={row.key} className="flex justify-between gap-3 py-1.5">
              <span className="truncate">{row.label}</span>
              <span className="tabular-nums text-muted">{count.format(row.clicks)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
