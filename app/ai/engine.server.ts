/**
 * The AI service's engines (a local, catalogue-grounded engine by default, an
 * OpenAI-compatible provider when configured). Retrieval is always ours: engines get the
 * candidate hotels from our database and may only name those.
 */
import type { BlogDraft } from "#app/blog/content-blocks.ts";
import type { DraftBrief } from "./draft-brief.ts";
import type { HotelTextRow } from "#app/hotels/hotel-detail.server.ts";
import type { PriceDisplay } from "#app/utils/money.ts";
import type { Candidate, RetrievalResult } from "./retrieval.server.ts";
import type { HotelFacts } from "./swedish-description.ts";
import type { AmenityKey, Understanding } from "./understand.ts";

export interface RecommendationRequest {
  query: string;
  preferences: string;
}

export interface RecommendationAnswer {
  /** Swedish, with line breaks; the hotels' names appear in it as written in `hotels`. */
  text: string;
  hotels: { name: string; path: string }[];
}

export interface RecommendationContext {
  understanding: Understanding;
  retrieval: RetrievalResult;
  /** The currency the page shows amounts in: the answer quotes the cards' prices in it. */
  display: PriceDisplay;
}

export interface DraftRequest {
  /** The post's title, or 'Reseblogg'. */
  topic: string;
  instructions: string;
}

export interface DraftContext {
  understanding: Understanding;
  hotels: Candidate[];
  /** Amenities asked for that no hotel of the place lists (see RetrievalResult). */
  unmet: AmenityKey[];
  /** The place page the draft's button may link to. */
  placeLink: { label: string; path: string } | null;
  /** What the brief asks the post to be about, and whether it asks for hotels. */
  brief: DraftBrief;
}

/** A hotel to describe in Swedish: its English description and the catalogue facts beside it. */
export interface HotelText extends HotelFacts {
  country: string;
  /** The English original ('' when the hotel has none), which a provider translates. */
  description: string;
}

/** The engines' view of a hotel as the database holds it. */
export function hotelTextOf(row: HotelTextRow): HotelText {
  return {
    hotelId: row.hotel_id,
    name: row.name?.trim() ?? "",
    location: row.location ?? "",
    country: row.country ?? "",
    locationName: row.location_name ?? "",
    countryName: row.country_name ?? "",
    description: row.description ?? "",
    address: row.address,
    stars: row.star_rating,
    rating: row.rating,
    reviewCount: row.review_count,
    price: row.price_amount,
    currency: row.price_currency,
    amenityKeys: row.amenity_keys,
  };
}

export interface AiEngine {
  readonly name: "local" | "openai-compatible";
  /** The provider's model; null for the local engine. */
  readonly model: string | null;
  /**
   * Whether the engine translates the English description (a provider). The local engine
   * cannot; it writes a Swedish description from the hotel's facts instead.
   */
  readonly canTranslate: boolean;
  recommend(request: RecommendationRequest, context: RecommendationContext): Promise<RecommendationAnswer>;
  /** A Swedish description: the English one translated (a provider), or one written from the facts (local). */
  translateToSwedish(hotel: HotelText): Promise<string>;
  draftBlogPost(request: DraftRequest, context: DraftContext): Promise<BlogDraft>;
}

/** The provider could not be reached or kept failing (timeouts, 429, 5xx). */
export class AiUnavailableError extends Error {
  override name = "AiUnavailableError";
}

/** The engine cannot do this at all. */
export class AiNotSupportedError extends Error {
  override name = "AiNotSupportedError";
}

/** The provider answered, but not with what was asked for (bad JSON, invalid blocks, unknown hotels). */
export class AiInvalidOutputError extends Error {
  override name = "AiInvalidOutputError";
}
