import { Link } from "react-router";
import type { Route } from "./+types/admin._index";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { catalogueFigures, clickFigures } from "#app/admin/dashboard.server.ts";
import { ClicksChart } from "#app/components/clicks-chart.tsx";
import { dayLabel } from "#app/components/daily-bar-chart.tsx";
import { CLICK_PERIODS, readClickPeriod, type ClickPeriod } from "#app/offers/partner-clicks.ts";
import { DASHBOARD_CARDS } from "#app/admin/screens.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { alertCounts } from "#app/alerts/alerts.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Dashboard", matches);
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const period = readClickPeriod(args.url.searchParams.get("period"));
  const [figures, clicks, alerts] = await Promise.all([catalogueFigures(), clickFigures(period), alertCounts()]);
  return { figures, clicks, alerts };
}

const percent = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-GB");
const share = (part: number, whole: number) => (whole === 0 ? "–" : percent.format(part / whole));

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures, clicks, alerts } = loaderData;
  const total = clicks.perDay.reduce((sum, entry) => sum + entry.clicks, 0);
  const first = clicks.perDay[0]!;
  const last = clicks.perDay[clicks.perDay.length - 1]!;
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
      {/* Two a row on a phone, the fifth across both; one row of five on a wide screen. */}
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5 [&>:last-child:nth-child(odd)]:col-span-2 lg:[&>:last-child:nth-child(odd)]:col-span-1">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <dt className="text-sm text-muted">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-bold sm:text-3xl">{tile.value}</dd>
            {tile.detail ? <dd className="text-sm text-muted">{tile.detail}</dd> : null}
          </div>
        ))}
      </dl>
      {/* Counts only: the addresses are the subscribers' business, not the back office's. */}
      <p className="mt-4 text-sm text-muted">
        Price alerts: {count.format(alerts.pending)} awaiting confirmation, {count.format(alerts.confirmed)} confirmed,{" "}
        {count.format(alerts.sentLastWeek)} alert e-mails sent in the last 7 days.
      </p>
      <section
        id="clicks"
        aria-labelledby="clicks-heading"
        className="mt-8 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="clicks-heading" className="font-semibold">
            Clicks to partners per day
          </h2>
          <PeriodChoice current={clicks.period} />
        </div>
        <p className="mt-1 text-sm text-muted">
          {count.format(total)} {total === 1 ? "click" : "clicks"}, {dayLabel(first.day)} to {dayLabel(last.day)} (UTC dates). Clicks by
          signed-in administrators and by crawlers are not counted.
        </p>
        <ClicksChart perDay={clicks.perDay} />
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <TopList
            title={`Top hotels, ${clicks.period} days`}
            rows={clicks.topHotels.map((row) => ({ key: row.hotelId, label: row.name ?? row.hotelId, clicks: row.clicks }))}
          />
          <TopList
            title={`Clicks per partner host, ${clicks.period} days`}
            rows={clicks.hosts.map((row) => ({ key: row.host, label: row.host, clicks: row.clicks }))}
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

/** 7, 30 or 90 days: links, so the choice works without JavaScript and each period has an address. */
function PeriodChoice({ current }: { current: ClickPeriod }) {
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-md border border-slate-300 bg-slate-50 p-0.5 text-sm">
      {CLICK_PERIODS.map((period) => (
        <Link
          key={period}
          to={`?period=${period}#clicks`}
          preventScrollReset
          aria-current={period === current ? "page" : undefined}
          className={`rounded px-3 py-1.5 font-medium ${period === current ? "bg-white text-brand-700 shadow-sm ring-1 ring-slate-200" : "text-ink hover:bg-white"}`}
        >
          {period} days
        </Link>
      ))}
    </div>
  );
}

function TopList({ title, rows }: { title: string; rows: { key: string; label: string; clicks: number }[] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No clicks in this period.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-100 text-sm">
          {rows.map((row) => (
            <li key={row.key} className="flex justify-between gap-3 py-1.5">
              <span className="min-w-0 truncate">{row.label}</span>
              <span className="tabular-nums text-muted">{count.format(row.clicks)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
