/**
 * The AI service's engines (a local, catalogue-grounded engine by default, an
 * OpenAI-compatible provider when configured). Retrieval is always ours: engines get the
 * candidate hotels from our database and may only name those.
 */
import type { BlogDraft } from "#app/blog/content-blocks.ts";
import type { Candidate, RetrievalResult } from "./retrieval.server.ts";
import type { Understanding } from "./understand.ts";

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
}

export interface DraftRequest {
  /** The post's title, or 'Reseblogg'. */
  topic: string;
  instructions: string;
}

export interface DraftContext {
  understanding: Understanding;
  hotels: Candidate[];
  /** The place page the draft's button may link to. */
  placeLink: { label: string; path: string } | null;
}

export interface HotelText {
  name: string;
  location: string;
  country: string;
  description: string;
}

export interface AiEngine {
  readonly name: "local" | "openai-compatible";
  /** Whether the engine can translate and rewrite (the local engine cannot). */
  readonly canTranslate: boolean;
  recommend(request: RecommendationRequest, context: RecommendationContext): Promise<RecommendationAnswer>;
  /** A Swedish translation of an English hotel description. */
  translateToSwedish(hotel: HotelText): Promise<string>;
  draftBlogPost(request: DraftRequest, context: DraftContext): Promise<BlogDraft>;
}

/** The provider could not be reached or kept failing (timeouts, 429, 5xx). */
export class AiUnavailableError extends Error {
  override name = "AiUnavailableError";
}

/** The engine cannot do this at all (the local engine and translation). */
export class AiNotSupportedError extends Error {
  override name = "AiNotSupportedError";
}

/** The provider answered, but not with what was asked for (bad JSON, invalid blocks, unknown hotels). */
export class AiInvalidOutputError extends Error {
  override name = "AiInvalidOutputError";
}
