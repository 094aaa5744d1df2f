import { href, Link } from "react-router";
import type { Route } from "./+types/jamfor";
import { loadComparePage } from "./jamfor.server.ts";
import { COMPARE_PARAM, COMPARE_PATH, MAX_COMPARED, MIN_COMPARED } from "#app/hotels/compare-params.ts";
import type { ComparedHotel } from "#app/hotels/compare-offers.server.ts";
import { hasDates, stayLabel, withStay, type Stay } from "#app/utils/stay.ts";
import { CONDITIONS } from "#app/prices/conditions.ts";
import { priceChoiceEntries, TOTAL_INCLUDES } from "#app/prices/offer-display.ts";
import type { PriceChoices } from "#app/components/price-comparison.tsx";
import { seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { StayFields } from "#app/components/stay-fields.tsx";
import { CompareTable } from "#app/components/compare-table.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";

/** A chosen set of hotels and dates is one visitor's page: never indexed, whatever links to it. */
export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex" });

export async function loader(args: Route.LoaderArgs) {
  return loadComparePage(args);
}

export function meta({ matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  return seoMeta({
    title: "Jämför hotell",
    description: `Jämför upp till ${MAX_COMPARED} hotell sida vid sida: betyg, läge, bekvämligheter och lägsta pris för dina datum.`,
    siteName,
    siteUrl,
    path: COMPARE_PATH,
    noindex: true,
  });
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { stay, today, hotels, notes, choices, display } = loaderData;
  const comparing = hotels.length >= MIN_COMPARED;
  return (
    <div className="container-page space-y-6 py-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">Jämför hotell</h1>
        {comparing ? (
          <p className="text-muted">
            {hotels.length} hotell sida vid sida.{" "}
            {hasDates(stay)
              ? `Priserna är totalpris för ${stayLabel(stay)}, ${TOTAL_INCLUDES}.`
              : "Välj datum för att se vad hela vistelsen kostar."}
            {choices.conditions.length
              ? ` Bara erbjudanden med ${CONDITIONS.filter((condition) => choices.conditions.includes(condition.key))
                  .map((condition) => condition.label.toLowerCase())
                  .join(" och ")}.`
              : ""}
          </p>
        ) : null}
      </header>
      {notes.length ? (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <ul className="list-disc space-y-1 pl-5">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {comparing ? (
        <>
          <StayForm stay={stay} today={today} hotelIds={hotels.map((hotel) => hotel.id)} choices={choices} />
          <CompareTable hotels={hotels} stay={stay} choices={choices} display={display} />
        </>
      ) : (
        <Guidance hotels={hotels} stay={stay} />
      )}
    </div>
  );
}

/** Fewer than two hotels: what to do instead. */
function Guidance({ hotels, stay }: { hotels: ComparedHotel[]; stay: Stay }) {
  return (
    <section aria-labelledby="guidance-heading" className="max-w-prose space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="guidance-heading" className="text-xl font-semibold">
        Välj minst två hotell att jämföra
      </h2>
      <p>
        Kryssa i rutan <strong>Jämför</strong> på upp till {MAX_COMPARED} hotell i hotellistorna och tryck sedan på{" "}
        <strong>Jämför valda hotell</strong>. Då ser du dem här sida vid sida, med betyg, läge, bekvämligheter och lägsta pris.
      </p>
      {hotels.length === 1 ? (
        <p>
          Du har valt{" "}
          <Link to={withStay(hotels[0]!.href, stay)} className="font-medium text-brand-700 underline">
            {hotels[0]!.name}
          </Link>
          . Välj minst ett hotell till.
        </p>
      ) : null}
      <p className="flex flex-wrap gap-3">
        <Link to={withStay(href("/hotels"), stay)} className={buttonClassName()}>
          Se alla hotell
        </Link>
        <Link to={href("/")} className={buttonClassName({ variant: "secondary" })}>
          Till startsidan
        </Link>
      </p>
    </section>
  );
}

/** The stay as a plain GET form, so the dates can change without JavaScript; the hotels ride along hidden. */
function StayForm({ stay, today, hotelIds, choices }: { stay: Stay; today: string; hotelIds: string[]; choices: PriceChoices }) {
  return (
    <form method="get" action={COMPARE_PATH} aria-labelledby="stay-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="stay-heading" className="mb-3 font-semibold">
        Dina datum och gäster
      </h2>
      {hotelIds.map((id) => (
        <input key={id} type="hidden" name={COMPARE_PARAM} value={id} />
      ))}
      {priceChoiceEntries(choices.conditions, choices.currency).map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <StayFields stay={stay} today={today} />
      <Button type="submit" className="mt-3">
        Visa priser
      </Button>
    </form>
  );
}
