/**
 * Outbound clicks per partner per day as small multiples: one server-rendered SVG bar chart
 * per partner on a shared scale, so partners compare by height without a colour legend.
 * Horizontal positions are percentages and text keeps its real size, so the days stay
 * readable from a phone to a wide screen. The numbers are in a table beneath, for screen
 * readers and anyone who wants them exactly.
 */
import type { PartnerClicks } from "#app/offers/partner-clicks.ts";

const PLOT_LEFT = 9; // % of the width kept for the value axis
const HEIGHT = 144;
const PLOT_TOP = 18;
const PLOT_BOTTOM = 108;

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const count = new Intl.NumberFormat("en-GB");
const monthName = new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" });
/** A day under the axis as two short lines: '24' over 'Nov'. */
const axisLabel = (day: string) => [String(Number(day.slice(8, 10))), monthName.format(new Date(`${day}T00:00:00Z`))];

/** Round numbers for the value axis: 0, a middle one when it is whole, and the top. */
function axisTop(max: number): number {
  if (max <= 4) return Math.max(1, max);
  const step = 10 ** Math.floor(Math.log10(max));
  for (const factor of [1, 2, 2.5, 5, 10]) if (factor * step >= max) return factor * step;
  return 10 * step;
}

/** Which days get a label under the axis: every day of a week, then one a week, then one a fortnight, counted back from today. */
const tickStep = (days: number) => (days <= 7 ? 1 : days <= 31 ? 7 : 15);

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
          <BarChart
            perDay={partner.perDay}
            days={days}
            top={top}
            label={`${partner.name}: outbound clicks per day, ${period}, ${partner.total} in all, most in one day ${Math.max(0, ...partner.perDay)}`}
          />
        </figure>
      ))}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Clicks per partner per day as a table</summary>
        {/* A scrolling region must take focus so a keyboard can scroll it (axe: scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="relative mt-2 overflow-x-auto" role="region" aria-label="Clicks per partner per day, table" tabIndex={0}>
          <table className="min-w-full text-left">
            <caption className="sr-only">Outbound clicks per partner per day, {period}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Day
                </th>
                {partners.map((partner) => (
                  <th key={partner.id} scope="col" className="py-1 pr-3 text-right">
                    {partner.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                    <time dateTime={day}>{dayLabel(day)}</time>
                  </th>
                  {partners.map((partner) => (
                    <td key={partner.id} className="py-1 pr-3 text-right tabular-nums">
                      {partner.perDay[index]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

function BarChart({ perDay, days, top, label }: { perDay: number[]; days: string[]; top: number; label: string }) {
  const slot = (100 - PLOT_LEFT) / days.length;
  const x = (index: number) => PLOT_LEFT + index * slot;
  const y = (value: number) => PLOT_BOTTOM - (value / top) * (PLOT_BOTTOM - PLOT_TOP);
  const step = tickStep(days.length);
  const max = Math.max(...perDay);
  // Every bar's value when there is room for it; otherwise only the highest day's.
  const labelled = (value: number, index: number) => value > 0 && (days.length <= 7 || (value === max && perDay.indexOf(max) === index));
  const gridValues = top % 2 === 0 ? [0, top / 2, top] : [0, top];
  return (
    // aria-label, not <title>: React 19 treats <title> as document metadata.
    <svg width="100%" height={HEIGHT} role="img" aria-label={label} className="mt-1 block overflow-visible text-[11px]">
      {gridValues.map((value) => (
        <g key={value}>
          <line x1={`${PLOT_LEFT}%`} x2="100%" y1={y(value)} y2={y(value)} className="stroke-slate-200" strokeWidth="1" />
          <text x={`${PLOT_LEFT - 1}%`} y={y(value) + 4} textAnchor="end" className="fill-slate-600">
            {count.format(value)}
          </text>
        </g>
      ))}
      {perDay.map((value, index) => {
        const height = PLOT_BOTTOM - y(value);
        return (
          <g key={days[index]}>
            {value > 0 ? (
              <rect
                data-day={days[index]}
                x={`${x(index) + slot * 0.15}%`}
                width={`${slot * 0.7}%`}
                y={y(value)}
                height={Math.max(1, height)}
                className="fill-brand-600"
              />
            ) : null}
            {labelled(value, index) ? (
              <text x={`${x(index) + slot / 2}%`} y={y(value) - 4} textAnchor="middle" className="fill-ink font-semibold">
                {count.format(value)}
              </text>
            ) : null}
            {(days.length - 1 - index) % step === 0 ? (
              <>
                <line
                  x1={`${x(index) + slot / 2}%`}
                  x2={`${x(index) + slot / 2}%`}
                  y1={PLOT_BOTTOM}
                  y2={PLOT_BOTTOM + 4}
                  className="stroke-slate-400"
                />
                {/* Day over month, so a week's labels fit side by side on a phone; the last ends at the edge. */}
                <text y={PLOT_BOTTOM + 16} textAnchor={index === days.length - 1 ? "end" : "middle"} className="fill-slate-600">
                  {axisLabel(days[index]!).map((line, row) => (
                    <tspan key={row} x={index === days.length - 1 ? "100%" : `${x(index) + slot / 2}%`} dy={row === 0 ? 0 : 12}>
                      {line}
                    </tspan>
                  ))}
                </text>
              </>
            ) : null}
          </g>
        );
      })}
      <line x1={`${PLOT_LEFT}%`} x2="100%" y1={PLOT_BOTTOM} y2={PLOT_BOTTOM} className="stroke-slate-400" strokeWidth="1" />
    </svg>
  );
}
