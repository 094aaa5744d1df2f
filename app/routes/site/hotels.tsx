import { href, Link, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import type { Route } from "./+types/hotels";
import { hotelsAction, loadHotelsPage } from "./hotels.server.ts";
import { AiRecommendationBox } from "#app/components/ai-recommendation-box.tsx";
import { SiteRefusalAlert } from "#app/components/site-refusal.tsx";
import { RECOMMENDATION_INTENT } from "#app/ai/recommendation.ts";
import { postedIntent } from "#app/utils/action-fields.ts";
import type { HotelListPage } from "#app/hotels/list-page.server.ts";
import { placePath } from "#app/utils/paths.ts";
import { hotelItemListJsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { FilterBar } from "#app/components/filter-bar.tsx";
import { HotelListSection } from "#app/components/hotel-list-section.tsx";
import { ListWithMap } from "#app/components/list-with-map.tsx";
import { AreaNote, ListCount, ListNotices } from "#app/components/list-notices.tsx";
import { isChosenStay, withStay } from "#app/utils/stay.ts";
import { canonicalListQuery, withPriceChoices } from "#app/hotels/search-params.ts";
import { WithLiveList } from "#app/components/live-price-parts.tsx";

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
  if (params.area)
    return { title: "Hotell i kartans område", description: "Hotellen i området du valde på kartan, med betyg, priser och läge." };
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
      path: `${href("/hotels")}${canonicalListQuery(new URLSearchParams(location.search))}`,
      noindex:
        isChosenStay(data.page.stay) ||
        data.page.conditions.length > 0 ||
        data.page.display.currency !== "SEK" ||
        data.page.params.area !== undefined ||
        data.page.params.near !== "" ||
        data.page.params.sort === "avstand",
    }),
    hotelItemListJsonLd(siteUrl, data.page.hotels),
  ];
}

export async function loader(args: Route.LoaderArgs) {
  return loadHotelsPage(args);
}

export async function action(args: Route.ActionArgs) {
  return hotelsAction(args);
}

// Headers of an action's data() reach the page's response only through this.
// The loader's Cache-Control too (a page waiting for or missing a partner's live prices is private).
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

/** Asking the AI box changes nothing on the list, so the list is not loaded again. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData !== undefined && postedIntent(formData) === RECOMMENDATION_INTENT ? false : defaultShouldRevalidate;
}

export default function Hotels({ loaderData, actionData }: Route.ComponentProps) {
  const { page, live } = loaderData;
  const location = useLocation();
  const { title } = describe(page);
  const searchedPlacePath = page.searchedPlace && placePath(page.searchedPlace.country, page.searchedPlace.location);
  return (
    <div className="container-page space-y-6 py-8">
      <header>
        <h1 className="text-3xl font-bold">{title}</h1>
        <ListCount page={page} live />
        <ListNotices notices={page.notices} stay={page.stay} />
        <AreaNote page={page} />
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
        action={href("/hotels")}
        stay={page.stay}
        today={page.today}
        distance={page.distance}
      />
      <SiteRefusalAlert actionData={actionData} />
      <AiRecommendationBox
        result={actionData && "ai" in actionData ? actionData.ai : null}
        action={`${location.pathname}${location.search}`}
      />
      <WithLiveList page={page} live={live}>
        {(shown) => (
          <ListWithMap
            stay={shown.stay}
            choices={shown.params}
            display={shown.display}
            hotels={shown.hotels}
            count={shown}
            city={shown.params.location}
            country={shown.params.country}
          >
            <HotelListSection page={shown} variant="large" />
          </ListWithMap>
        )}
      </WithLiveList>
    </div>
  );
}
