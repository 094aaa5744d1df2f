/**
 * Outbound clicks per day as a server-rendered SVG bar chart with a value axis, the days
 * under it and the values on the bars. Horizontal positions are percentages and text keeps
 * its real size (no viewBox), so the chart fills any width and its labels stay readable from
 * a phone to a wide screen. It is an image to assistive technology: each use gives the
 * numbers in a table as well.
 */

const PLOT_TOP = 18;
/** Room under the plot for the days, two lines of text. */
const AXIS_HEIGHT = 36;

const count = new Intl.NumberFormat("en-GB");
const monthName = new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" });

/** '24 Nov' for a UTC date '2026-11-24'. */
export const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** A day under the axis as two short lines: '24' over 'Nov'. */
const axisLabel = (day: string) => [String(Number(day.slice(8, 10))), monthName.format(new Date(`${day}T00:00:00Z`))];

/** A round top for the value axis at or above `max`: 1–4 as they are, then 1, 2, 2.5 or 5 times a power of ten. */
export function axisTop(max: number): number {
  if (max <= 4) return Math.max(1, max);
  const step = 10 ** Math.floor(Math.log10(max));
  for (const factor of [1, 2, 2.5, 5, 10]) if (factor * step >= max) return factor * step;
  return 10 * step;
}

/** Which days get a label under the axis: every day of a week, then one a week, then one a fortnight, counted back from today. */
const tickStep = (days: number) => (days <= 7 ? 1 : days <= 31 ? 7 : 15);

export interface DailyBarChartProps {
  /** Clicks on each of `days`. */
  perDay: number[];
  /** UTC dates, oldest first. */
  days: string[];
  /** The value axis's top (axisTop of the largest value, or a scale shared by several charts). */
  top: number;
  /** What the chart shows, in words, for assistive technology. */
  label: string;
  /** The chart's height in pixels, the days under it included. */
  height?: number;
}

export function DailyBarChart({ perDay, days, top, label, height = 144 }: DailyBarChartProps) {
  const plotBottom = height - AXIS_HEIGHT;
  const slot = 100 / days.length;
  const x = (index: number) => index * slot;
  const y = (value: number) => plotBottom - (value / top) * (plotBottom - PLOT_TOP);
  const step = tickStep(days.length);
  const max = Math.max(...perDay);
  // Every bar's value where there is room for it (a week always, a month from 56rem wide);
  // otherwise only the highest day's.
  const highest = (value: number, index: number) => value === max && perDay.indexOf(max) === index;
  const valueClass = (value: number, index: number) =>
    value === 0 ? null : days.length <= 7 || highest(value, index) ? "" : days.length <= 31 ? "hidden @4xl:inline" : null;
  const gridValues = top % 2 === 0 ? [0, top / 2, top] : [0, top];
  return (
    // The value axis's numbers sit in the left padding (2.5rem), outside the plot.
    <div className="@container mt-1 pl-10">
      {/* aria-label, not <title>: React 19 treats <title> as document metadata. */}
      <svg width="100%" height={height} role="img" aria-label={label} className="block overflow-visible text-xs">
        {gridValues.map((value) => (
          <g key={value}>
            <line x1="0" x2="100%" y1={y(value)} y2={y(value)} className="stroke-slate-200" strokeWidth="1" />
            <text x="-6" y={y(value) + 4} textAnchor="end" className="fill-slate-600 tabular-nums">
              {count.format(value)}
            </text>
          </g>
        ))}
        {perDay.map((value, index) => {
          const barHeight = plotBottom - y(value);
          const shown = valueClass(value, index);
          return (
            <g key={days[index]}>
              {value > 0 ? (
                <rect
                  data-day={days[index]}
                  x={`${x(index) + slot * 0.15}%`}
                  width={`${slot * 0.7}%`}
                  y={y(value)}
                  height={Math.max(1, barHeight)}
                  className="fill-brand-600"
                />
              ) : null}
              {shown !== null ? (
                <text
                  x={`${x(index) + slot / 2}%`}
                  y={y(value) - 4}
                  textAnchor="middle"
                  className={`fill-ink font-semibold tabular-nums ${shown}`}
                >
                  {count.format(value)}
                </text>
              ) : null}
              {(days.length - 1 - index) % step === 0 ? (
                <>
                  <line
                    x1={`${x(index) + slot / 2}%`}
                    x2={`${x(index) + slot / 2}%`}
                    y1={plotBottom}
                    y2={plotBottom + 4}
                    className="stroke-slate-400"
                  />
                  {/* Day over month, so a week's labels fit side by side on a phone; each under its bar (the last reaches a few pixels into the card's padding). */}
                  <text y={plotBottom + 17} textAnchor="middle" className="fill-slate-600">
                    {axisLabel(days[index]!).map((line, row) => (
                      <tspan key={row} x={`${x(index) + slot / 2}%`} dy={row === 0 ? 0 : 13}>
                        {line}
                      </tspan>
                    ))}
                  </text>
                </>
              ) : null}
            </g>
          );
        })}
        <line x1="0" x2="100%" y1={plotBottom} y2={plotBottom} className="stroke-slate-400" strokeWidth="1" />
      </svg>
    </div>
  );
}
