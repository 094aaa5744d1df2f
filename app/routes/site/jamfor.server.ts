import type { Route } from "./+types/jamfor";
import { readCompareIds } from "#app/hotels/compare-params.ts";
import { loadComparison } from "#app/hotels/compare-offers.server.ts";
import { latestPriceDisplay } from "#app/hotels/hotel-detail.server.ts";
import { readStay, todayInSweden } from "#app/utils/stay.ts";
import { readConditions } from "#app/prices/conditions.ts";
import { currencyFallbackNote } from "#app/prices/offer-display.ts";
import { readDisplayCurrency, type PriceDisplay } from "#app/utils/money.ts";
import type { PriceChoices } from "#app/components/price-comparison.tsx";
import { log } from "#app/utils/log.server.ts";

/** The comparison page's data: the asked hotels with their cheapest offer for the stay and conditions, and what was wrong with the address. */
export async function loadComparePage({ url }: Route.LoaderArgs) {
  const today = todayInSweden();
  const { stay, notes: stayNotes } = readStay(url.searchParams, today);
  const asked = readCompareIds(url.searchParams);
  const conditions = readConditions(url.searchParams);
  const choices: PriceChoices = { conditions: conditions.keys, currency: readDisplayCurrency(url.searchParams) };
  let comparison: Awaited<ReturnType<typeof loadComparison>>;
  let display: PriceDisplay;
  try {
    [comparison, display] = await Promise.all([loadComparison(asked.ids, stay, conditions.mask), latestPriceDisplay(choices.currency)]);
  } catch (error) {
    log.error("comparison failed", error, { path: url.pathname });
    throw error;
  }
  return {
    stay,
    today,
    choices,
    display,
    hotels: comparison.hotels,
    notes: [...asked.notes, ...comparison.notes, ...stayNotes, ...conditions.notes, currencyFallbackNote(choices.currency, display)].filter(
      (note) => note !== null,
    ),
  };
}
