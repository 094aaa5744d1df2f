import { useId } from "react";

/**
 * A rewrite job's progress as one bar of three parts: rewritten (solid green), failed (red with
 * diagonal stripes, so it does not rest on colour alone) and waiting (the empty track). The bar
 * is an image whose name says the counts; `legend` adds them as text with a swatch each.
 */
export function JobProgressBar({
  done,
  failed,
  total,
  legend = false,
  className = "",
}: {
  done: number;
  failed: number;
  total: number;
  legend?: boolean;
  className?: string;
}) {
  const stripes = useId();
  const waiting = Math.max(0, total - done - failed);
  const share = (count: number) => (total ? (count / total) * 100 : 0);
  const summary = `${done} rewritten, ${failed} failed, ${waiting} waiting, of ${total} ${total === 1 ? "hotel" : "hotels"}`;
  return (
    <div className={className}>
      <svg
        role="img"
        aria-label={summary}
        viewBox="0 0 100 4"
        preserveAspectRatio="none"
        className="block h-3 w-full overflow-hidden rounded bg-slate-200"
      >
        <defs>
          <pattern id={stripes} width="2" height="2" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="2" height="2" className="fill-red-600" />
            <rect width="0.8" height="2" className="fill-white/70" />
          </pattern>
        </defs>
        <rect x="0" y="0" width={share(done)} height="4" className="fill-emerald-600" />
        <rect x={share(done)} y="0" width={share(failed)} height="4" fill={`url(#${stripes})`} />
      </svg>
      {legend ? (
        <dl className="mt-4 grid grid-cols-3 gap-4 text-center">
          <Count label="Rewritten" value={done} swatch={<rect width="12" height="12" rx="2" className="fill-emerald-600" />} />
          <Count label="Failed" value={failed} swatch={<rect width="12" height="12" rx="2" fill={`url(#${stripes})`} />} />
          <Count
            label="Waiting"
            value={waiting}
            swatch={<rect x="0.5" y="0.5" width="11" height="11" rx="2" className="fill-slate-200 stroke-slate-400" />}
          />
        </dl>
      ) : null}
    </div>
  );
}

function Count({ label, value, swatch }: { label: string; value: number; swatch: React.ReactNode }) {
  return (
    <div>
      <dt className="inline-flex items-center gap-1.5 text-sm text-muted">
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
          {swatch}
        </svg>
        {label}
      </dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}
