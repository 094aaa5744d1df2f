import { data } from "react-router";
import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { readListParams, type ListParams } from "#app/hotels/search-params.ts";
import { log } from "#app/utils/log.server.ts";
import { HOTEL_PAGE_SIZE, listLocations, searchHotels, type HotelSummary } from "./hotel-queries.server.ts";
import { listCountries } from "./places.server.ts";

export interface HotelListPage {
  params: ListParams;
  hotels: HotelSummary[];
  total: number;
  pageCount: number;
  countries: string[];
  locations: string[];
  /** Set when the list could not be loaded; the page then shows an error text instead of hotels. */
  failed: boolean;
}

/**
 * Everything a hotel list page needs, in parallel: the page of hotels, the count and the
 * filter options. `url` is the loader's `url` argument (without the `.data` suffix of client
 * navigations). `fixed` pins the country and place (country and place pages).
 */
export async function loadHotelListPage(
  url: URL,
  fixed: { country?: string; location?: string } = {},
  db: Kysely<Database> = getAppDatabase().db,
): Promise<HotelListPage> {
  const params = readListParams(url.searchParams);
  const country = fixed.country ?? params.country;
  const location = fixed.location ?? (country ? params.location : "");
  const effective: ListParams = { ...params, country, location };
  const [result, countries, locations] = await Promise.all([
    searchHotels(db, {
      country,
      location,
      minStars: params.rating,
      search: params.search || params.destination,
      sort: params.sort,
      page: params.page,
    }).catch((error: unknown) => {
      log.error("hotel list query failed", error);
      return null;
    }),
    listCountries(db).catch(() => [] as string[]),
    country ? listLocations(db, country).catch(() => [] as string[]) : Promise.resolve([] as string[]),
  ]);
  const total = result?.total ?? 0;
  const pageCount = Math.ceil(total / HOTEL_PAGE_SIZE);
  if (result && total > 0 && params.page > pageCount) {
    throw data(null, { status: 404 });
  }
  return { params: effective, hotels: result?.hotels ?? [], total, pageCount, countries, locations, failed: result === null };
}
