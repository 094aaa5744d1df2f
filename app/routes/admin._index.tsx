import { Link } from "react-router";
import type { Route } from "./+types/admin._index";
import { catalogueFigures } from "#app/admin/dashboard.server.ts";
import { DASHBOARD_CARDS } from "#app/admin/screens.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { getAppDatabase } from "#app/db/db.server.ts";

export function meta() {
  return [{ title: "Dashboard | Hotellguiden Admin" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { figures: await catalogueFigures(getAppDatabase().db) };
}

const percent = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-GB");
const share = (part: number, whole: number) => (whole === 0 ? "–" : percent.format(part / whole));

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  const tiles = [
    { label: "Hotels in total", value: count.format(figures.hotels) },
    { label: "With an affiliate URL", value: share(figures.withAffiliateUrl, figures.hotels), detail: `${count.format(figures.withAffiliateUrl)} hotels` },
    { label: "Description rewritten", value: share(figures.rewritten, figures.hotels), detail: `${count.format(figures.rewritten)} hotels` },
  ];
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <p className="mt-1 text-muted">Welcome to the admin dashboard.</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm text-muted">{tile.label}</dt>
            <dd className="mt-1 text-3xl font-bold">{tile.value}</dd>
            {tile.detail ? <dd className="text-sm text-muted">{tile.detail}</dd> : null}
          </div>
        ))}
      </dl>
      {DASHBOARD_CARDS.length ? (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {DASHBOARD_CARDS.map((card) => (
            <li key={card.path}>
              <Link to={card.path} className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500">
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
