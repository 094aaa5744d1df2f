import { axisTop, DailyBarChart, dayLabel } from "./daily-bar-chart.tsx";
import { TableScroll } from "./ui/table.tsx";

const count = new Intl.NumberFormat("en-GB");

/** The dashboard's outbound clicks per day: the chart, and the same numbers as a table. */
export function ClicksChart({ perDay }: { perDay: { day: string; clicks: number }[] }) {
  const values = perDay.map((entry) => entry.clicks);
  const total = values.reduce((sum, value) => sum + value, 0);
  const max = Math.max(0, ...values);
  return (
    <div className="mt-4 space-y-3">
      <DailyBarChart
        perDay={values}
        days={perDay.map((entry) => entry.day)}
        top={axisTop(max)}
        height={200}
        label={`Outbound clicks per day, last ${perDay.length} days: ${count.format(total)} in all, most in one day ${count.format(max)}`}
      />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Clicks per day as a table</summary>
        <TableScroll label="Clicks per day, table" actions={false} className="mt-2 max-w-sm">
          <table className="min-w-full text-left">
            <caption className="sr-only">Outbound clicks per day, last {perDay.length} days</caption>
            <thead>
              <tr>
                <th scope="col" className="px-3 py-1">
                  Day
                </th>
                <th scope="col" className="px-3 py-1 text-right">
                  Clicks
                </th>
              </tr>
            </thead>
            <tbody>
              {perDay.map((entry) => (
                <tr key={entry.day}>
                  <th scope="row" className="px-3 py-1 font-normal whitespace-nowrap">
                    <time dateTime={entry.day}>{dayLabel(entry.day)}</time>
                  </th>
                  <td className="px-3 py-1 text-right tabular-nums">{count.format(entry.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </div>
  );
}
