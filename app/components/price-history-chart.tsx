/**
 * A hotel's usual price for a stay length, per check-in month, as a server-rendered SVG bar
 * chart in the house style of daily-bar-chart.tsx: a value axis in the page's currency, the
 * months under the bars, the stay's month marked and a dashed line at today's price. Horizontal
 * positions are percentages and text keeps its real size (no viewBox), so it fits a 390 px phone.
 * The SVG is an image with a one-sentence label; the figures are in a visually hidden table.
 */
import { MONTHS_SV, nightsText } from "#app/prices/deal.ts";
import { formatSek, type PriceDisplay } from "#app/utils/money.ts";
import { axisTop } from "./daily-bar-chart.tsx";

const HEIGHT = 160;
const PLOT_TOP = 14;
/** Room under the plot for the months' initials. */
const AXIS_HEIGHT = 22;

export interface PriceHistoryChartProps {
  /** Twelve months, January first; medianSek null where nothing was seen. */
  months: ReadonlyArray<{ month: number; medianSek: number | null; observations: number }>;
  nights: number;
  /** The stay's check-in month (1–12), marked. */
  month: number;
  /** Today's shown total for the stay, in SEK (a dashed line), or null. */
  nowSek: number | null;
  display: PriceDisplay;
}

export function PriceHistoryChart({ months, nights, month, nowSek, display }: PriceHistoryChartProps) {
  const values = months.map((entry) => entry.medianSek ?? 0);
  const top = axisTop(Math.max(...values, nowSek ?? 0) * display.perSek) / display.perSek;
  const plotBottom = HEIGHT - AXIS_HEIGHT;
  const slot = 100 / months.length;
  const y = (value: number) => plotBottom - (value / top) * (plotBottom - PLOT_TOP);
  const seen = months.filter((entry) => entry.medianSek !== null);
  const summary =
    `Vanligt pris för ${nightsText(nights)} per incheckningsmånad, senaste 12 månaderna` +
    (seen.length
      ? `: från ${formatSek(Math.min(...seen.map((entry) => entry.medianSek!)), display)} till ${formatSek(Math.max(...seen.map((entry) => entry.medianSek!)), display)}.`
      : ": inga priser ännu.");
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">Vanligt pris för {nightsText(nights)} per incheckningsmånad</figcaption>
      {/* The value axis's amounts sit in the left padding, outside the plot. */}
      <div className="pl-16">
        <svg width="100%" height={HEIGHT} role="img" aria-label={summary} className="block overflow-visible text-xs">
          {[0, top / 2, top].map((value) => (
            <g key={value}>
              <line x1="0" x2="100%" y1={y(value)} y2={y(value)} className="stroke-slate-200" strokeWidth="1" />
              <text x="-6" y={y(value) + 4} textAnchor="end" className="fill-slate-600 tabular-nums">
                {formatSek(value, display)}
              </text>
            </g>
          ))}
          {months.map((entry, index) => {
            const current = entry.month === month;
            return (
              <g key={entry.month}>
                {entry.medianSek !== null ? (
                  <rect
                    data-month={entry.month}
                    x={`${index * slot + slot * 0.15}%`}
                    width={`${slot * 0.7}%`}
                    y={y(entry.medianSek)}
                    height={Math.max(1, plotBottom - y(entry.medianSek))}
                    className={current ? "fill-brand-600" : "fill-slate-300"}
                  />
                ) : null}
                <text
                  x={`${index * slot + slot / 2}%`}
                  y={plotBottom + 15}
                  textAnchor="middle"
                  className={current ? "fill-ink font-bold" : "fill-slate-600"}
                >
                  {MONTHS_SV[entry.month - 1]!.slice(0, 1).toUpperCase()}
                </text>
              </g>
            );
          })}
          {nowSek !== null ? (
            <line
              x1="0"
              x2="100%"
              y1={y(nowSek)}
              y2={y(nowSek)}
              className="stroke-emerald-700"
              strokeWidth="2"
              strokeDasharray="6 4"
              data-now={nowSek}
            />
          ) : null}
          <line x1="0" x2="100%" y1={plotBottom} y2={plotBottom} className="stroke-slate-400" strokeWidth="1" />
        </svg>
      </div>
      <p className="text-xs text-muted">
        Staplarna: medianen av priserna vi sett per incheckningsmånad{nowSek !== null ? "; streckad linje: priset nu" : ""}.
      </p>
      <table className="sr-only">
        <caption>Vanligt pris för {nightsText(nights)} per incheckningsmånad, senaste 12 månaderna</caption>
        <thead>
          <tr>
            <th scope="col">Incheckningsmånad</th>
            <th scope="col">Vanligt pris</th>
            <th scope="col">Antal priser</th>
          </tr>
        </thead>
        <tbody>
          {months.map((entry) => (
            <tr key={entry.month}>
              <th scope="row">{MONTHS_SV[entry.month - 1]}</th>
              <td>{entry.medianSek === null ? "–" : formatSek(entry.medianSek, display)}</td>
              <td>{entry.observations}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
