/**
 * Outbound clicks per partner per day as small multiples: one DailyBarChart per partner on a
 * shared scale, so partners compare by height without a colour legend. The numbers are in a
 * table beneath, for screen readers and anyone who wants them exactly.
 */
import type { PartnerClicks } from "#app/offers/partner-clicks.ts";
import { axisTop, DailyBarChart, dayLabel } from "./daily-bar-chart.tsx";
import { TableScroll } from "./ui/table.tsx";

const count = new Intl.NumberFormat("en-GB");

export function PartnerClicksChart({ clicks }: { clicks: PartnerClicks }) {
  const { days, partners } = clicks;
  const top = axisTop(Math.max(0, ...partners.flatMap((partner) => partner.perDay)));
  const period = `last ${days.length} days`;
  if (!partners.length) return <p className="text-sm text-muted">No partners yet.</p>;
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">
        Every chart uses the same scale (0–{count.format(top)} clicks a day), {dayLabel(days[0]!)} to {dayLabel(days[days.length - 1]!)}{" "}
        (UTC dates).
      </p>
      {partners.map((partner) => (
        <figure key={partner.id}>
          <figcaption className="text-sm font-semibold">
            {partner.name} <span className="font-normal text-muted">· {count.format(partner.total)} clicks</span>
          </figcaption>
          <DailyBarChart
            perDay={partner.perDay}
            days={days}
            top={top}
            label={`${partner.name}: outbound clicks per day, ${period}, ${partner.total} in all, most in one day ${Math.max(0, ...partner.perDay)}`}
          />
        </figure>
      ))}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Clicks per partner per day as a table</summary>
        <TableScroll label="Clicks per partner per day, table" actions={false} className="mt-2">
          <table className="min-w-full text-left">
            <caption className="sr-only">Outbound clicks per partner per day, {period}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-3 py-1">
                  Day
                </th>
                {partners.map((partner) => (
                  <th key={partner.id} scope="col" className="px-3 py-1 text-right">
                    {partner.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day}>
                  <th scope="row" className="px-3 py-1 font-normal whitespace-nowrap">
                    <time dateTime={day}>{dayLabel(day)}</time>
                  </th>
                  {partners.map((partner) => (
                    <td key={partner.id} className="px-3 py-1 text-right tabular-nums">
                      {partner.perDay[index]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </div>
  );
}
