/**
 * The deal badge ("Lägre pris än vanligt", app/prices/deal.ts) for list cards and the hotel page,
 * and the hotel page's price history: the badge's one-line reason and the chart of usual prices.
 */
import { DEAL_BADGE_TEXT, dealExplanation, isDeal, usualIn, type PriceHistory } from "#app/prices/deal.ts";
import type { PriceDisplay } from "#app/utils/money.ts";
import { PriceHistoryChart } from "./price-history-chart.tsx";

export function DealBadge() {
  return (
    <span className="inline-block rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-900">
      {DEAL_BADGE_TEXT}
    </span>
  );
}

/**
 * The hotel page's part for a stay of the reference party: the badge and its reason when the shown
 * total is a deal, and the chart whenever some price of this length has been seen.
 */
export function PriceHistorySection({
  history,
  month,
  shownSek,
  display,
}: {
  history: PriceHistory;
  /** The stay's check-in month, 1–12. */
  month: number;
  shownSek: number | null;
  display: PriceDisplay;
}) {
  if (!history.months.some((entry) => entry.medianSek !== null)) return null;
  const usual = usualIn(history, month);
  const deal = isDeal(shownSek, usual);
  return (
    <section aria-labelledby="price-history-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id="price-history-heading" className="text-base font-semibold">
        Prishistorik
      </h3>
      {deal ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <DealBadge />
          <span>{dealExplanation(usual, shownSek!, display)}</span>
        </p>
      ) : null}
      <PriceHistoryChart months={history.months} nights={history.nights} month={month} nowSek={shownSek} display={display} />
    </section>
  );
}
