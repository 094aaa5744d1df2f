/**
 * Clicks per day as a server-rendered SVG bar chart: no JavaScript, scales to any width,
 * with the numbers in a table for screen readers and anyone who wants them exactly.
 */
export function ClicksChart({ perDay }: { perDay: { day: string; clicks: number }[] }) {
  const max = Math.max(1, ...perDay.map((entry) => entry.clicks));
  const width = 300;
  const height = 100;
  const slot = width / perDay.length;
  const label = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
  return (
    <figure className="space-y-2">
      {/* aria-label, not <title>: React 19 treats <title> as document metadata. */}
      <svg
        viewBox={`0 0 ${width} ${height + 14}`}
        role="img"
        aria-label={`Outbound clicks per day, last 30 days (most in one day: ${max})`}
        className="h-auto w-full"
      >
        <line x1="0" y1={height} x2={width} y2={height} stroke="currentColor" className="text-slate-300" strokeWidth="0.5" />
        {perDay.map((entry, index) => {
          const barHeight = (entry.clicks / max) * (height - 4);
          return (
            <rect
              key={entry.day}
              data-day={entry.day}
              x={index * slot + slot * 0.15}
              y={height - barHeight}
              width={slot * 0.7}
              height={barHeight}
              rx="0.8"
              className="fill-brand-600"
            />
          );
        })}
        <text x="0" y={height + 11} fontSize="8" className="fill-slate-600">
          {label(perDay[0]!.day)}
        </text>
        <text x={width} y={height + 11} fontSize="8" textAnchor="end" className="fill-slate-600">
          {label(perDay[perDay.length - 1]!.day)}
        </text>
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Clicks per day as a table</summary>
        <table className="mt-2 w-full max-w-sm text-left">
          <thead>
            <tr>
              <th scope="col" className="py-1">
                Day
              </th>
              <th scope="col" className="py-1 text-right">
                Clicks
              </th>
            </tr>
          </thead>
          <tbody>
            {perDay.map((entry) => (
              <tr key={entry.day} className="border-t border-slate-100">
                <td className="py-1">{label(entry.day)}</td>
                <td className="py-1 text-right tabular-nums">{entry.clicks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
