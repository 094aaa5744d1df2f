import { data, Link, redirect, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/hotels";
import { readFormData } from "#app/http/form-data.server.ts";
import { recommendHotels, type RecommendationPricing } from "#app/ai/service.server.ts";
import { readConditions } from "#app/prices/conditions.ts";
import { readDisplayCurrency } from "#app/utils/money.ts";
import { clientAddress } from "#app/auth/request-auth.server.ts";
import { AiRecommendationBox, type RecommendationResult } from "#app/components/ai-recommendation-box.tsx";
import { isHoneypotFilled } from "#app/http/honeypot.ts";
import { RECOMMENDATION_INTENT, RECOMMENDATION_MESSAGES } from "#app/ai/recommendation.ts";
import { recommendationRequestSchema } from "#app/ai/recommendation-request.ts";
import { log } from "#app/utils/log.server.ts";
import { addressClaim, RATE_POLICIES, takeRateLimit } from "#app/http/rate-limit.server.ts";
import { loadHotelListPage } from "#app/hotels/list-page.server.ts";
import type { HotelListPage } from "#app/hotels/list-page.server.ts";
import { placePath } from "#app/utils/paths.ts";
import { hotelItemListJsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { FilterBar } from "#app/components/filter-bar.tsx";
import { HotelListSection } from "#app/components/hotel-list-section.tsx";
import { ListWithMap } from "#app/components/list-with-map.tsx";
import { ListCount, ListNotices } from "#app/components/list-notices.tsx";
import { isChosenStay, readStay, todayInSweden, withStay } from "#app/utils/stay.ts";
import { canonicalListQuery, withPriceChoices } from "#app/hotels/search-params.ts";

/**
 * Title and description by which query parameter is present: search, place, country, rating.
 * Places are named in Swedish from what the loader resolved, never as typed in the address.
 */
function describe({ params, names }: Pick<HotelListPage, "params" | "names">): { title: string; description: string } {
  if (params.search)
    return {
      // Swedish quotation marks: the closing mark on both sides.
      title: `Sökresultat för ”${params.search}”`,
      description: `Hotell som matchar ”${params.search}”. Jämför betyg, priser och läge.`,
    };
  if (names.location)
    return {
      title: `Hotell i ${names.location}`,
      description: `Jämför hotell i ${names.location}${names.country ? `, ${names.country}` : ""}.`,
    };
  if (names.country)
    return { title: `Hotell i ${names.country}`, description: `Alla våra hotell i ${names.country}, med betyg, priser och karta.` };
  if (params.rating) return { title: `Hotell med ${params.rating}+ stjärnor`, description: `Hotell med minst ${params.rating} stjärnor.` };
  return { title: "Alla hotell", description: "Sök och jämför hotell i Sverige och hela världen." };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  if (!data) return [{ title: `Hotell | ${siteName}` }];
  const { title, description } = describe(data.page);
  // Filtered and later pages are variations of /hotels: crawlers index them, canonical keeps the
  // query's meaningful parameters, normalised. A chosen stay only changes prices: its pages are
  // not indexed, their canonical leaves it out.
  return [
    ...seoMeta({
      title,
      description,
      siteName,
      siteUrl,
      path: `/hotels${canonicalListQuery(new URLSearchParams(location.search))}`,
      noindex: isChosenStay(data.page.stay) || data.page.conditions.length > 0 || data.page.display.currency !== "SEK",
    }),
    hotelItemListJsonLd(siteUrl, data.page.hotels),
  ];
}

export async function loader({ url }: Route.LoaderArgs) {
  // One address for the list: /hotels/ leads to /hotels.
  if (url.pathname !== "/hotels") throw redirect(`/hotels${url.search}`, 301);
  return { page: await loadHotelListPage(url) };
}

/**
 * The box posts to the page's own address (its form's action keeps the query), so the answer
 * prices hotels for the list's stay, conditions and currency, as the cards below it do.
 */
function boxPricing(url: URL): RecommendationPricing {
  const { stay } = readStay(url.searchParams, todayInSweden());
  return { stay, conditions: readConditions(url.searchParams).mask, currency: readDisplayCurrency(url.searchParams) };
}

/** A question and preferences are a few hundred characters; anything far bigger is not a person. */
const MAX_BODY_BYTES = 8 * 1024;

/** The AI box: an ordinary form POST (it works without JavaScript), answered in the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request, MAX_BODY_BYTES);
  if (form.get("intent") !== RECOMMENDATION_INTENT) throw data(null, { status: 400 });
  const typed = {
    query: String(form.get("query") ?? "").slice(0, 1000),
    preferences: String(form.get("preferences") ?? "").slice(0, 1000),
  };
  const fail = (result: Omit<Extract<RecommendationResult, { ok: false }>, "ok" | "query" | "preferences">, init: ResponseInit) =>
    data({ ai: { ok: false as const, ...typed, ...result } satisfies RecommendationResult }, init);

  if (isHoneypotFilled(form)) return fail(RECOMMENDATION_MESSAGES.failed, { status: 400 });
  const parsed = recommendationRequestSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const description = parsed.error.issues[0]?.message ?? RECOMMENDATION_MESSAGES.missing.description;
    return fail({ title: RECOMMENDATION_MESSAGES.missing.title, description, field: "query" }, { status: 400 });
  }
  const decision = await takeRateLimit([addressClaim("ai-box", clientAddress(context), RATE_POLICIES.aiBoxPerAddress)]);
  if (!decision.allowed) {
    return fail(RECOMMENDATION_MESSAGES.limited, { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds) } });
  }
  try {
    const answer = await recommendHotels(parsed.data, undefined, undefined, boxPricing(new URL(request.url)));
    return { ai: { ok: true as const, ...parsed.data, ...answer } satisfies RecommendationResult };
  } catch (error) {
    log.error("ai recommendation failed", error);
    return fail(RECOMMENDATION_MESSAGES.failed, { status: 503 });
  }
}

// Headers of an action's data() reach the page's response only through this.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** Asking the AI box changes nothing on the list, so the list is not loaded again. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === RECOMMENDATION_INTENT ? false : defaultShouldRevalidate;
}

export default function Hotels({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const location = useLocation();
  const { title } = describe(page);
  const searchedPlacePath = page.searchedPlace && placePath(page.searchedPlace.country, page.searchedPlace.location);
  return (
    <div className="container-page space-y-6 py-8">
      <header>
        <h1 className="text-3xl font-bold">{title}</h1>
        <ListCount page={page} live />
        <ListNotices notices={page.notices} stay={page.stay} />
        {searchedPlacePath ? (
          <p className="mt-2">
            <Link
              to={withPriceChoices(withStay(searchedPlacePath, page.stay), page.params)}
              className="font-medium text-brand-700 underline"
            >
              Se alla hotell i {page.searchedPlace?.name}
            </Link>
          </p>
        ) : null}
      </header>
      <FilterBar
        params={page.params}
        countries={page.countries}
        locations={page.locations}
        action="/hotels"
        stay={page.stay}
        today={page.today}
      />
      <AiRecommendationBox result={actionData?.ai ?? null} action={`${location.pathname}${location.search}`} />
      <ListWithMap
        stay={page.stay}
        choices={page.params}
        display={page.display}
        hotels={page.hotels}
        city={page.params.location}
        country={page.params.country}
      >
        <HotelListSection page={page} variant="large" />
      </ListWithMap>
    </div>
  );
}
