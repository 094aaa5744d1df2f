/**
 * The AI service the routes call: hotel recommendations for the search
 * page, translation of descriptions for the back office, and blog drafts for the editor.
 * Retrieval is always ours; the engine (local, or an OpenAI-compatible provider from config)
 * only writes.
 */
import type { Kysely } from "kysely";
import { getAppDatabase } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { blogDraftSchema, type BlogDraft } from "#app/blog/content-blocks.ts";
import { countryPath, placePath } from "#app/utils/paths.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { ready, type Readiness } from "#app/utils/readiness.ts";
import {
  AiInvalidOutputError,
  type AiEngine,
  type HotelText,
  type RecommendationAnswer,
  type RecommendationRequest,
} from "./engine.server.ts";
import { retryFailedItems, startRewriteJob } from "./jobs.server.ts";
import { createLocalEngine } from "./local-engine.server.ts";
import { createOpenAiEngine } from "./openai-engine.server.ts";
import { catalogueVocabulary, findCandidates, LEAD_PRICING, type Pricing } from "./retrieval.server.ts";
import { latestFxRates } from "#app/prices/fx-rates.server.ts";
import { HOME_CURRENCY, priceDisplay, type DisplayCurrency } from "#app/utils/money.ts";
import { understandRequest } from "./understand.ts";
import { readBrief } from "./draft-brief.ts";

type DB = Kysely<Database>;

let engine: AiEngine | undefined;

export function getAiEngine(): AiEngine {
  if (engine) return engine;
  const env = getEnv();
  engine =
    env.AI_BASE_URL && env.AI_API_KEY && env.AI_MODEL
      ? createOpenAiEngine({ baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS })
      : createLocalEngine();
  return engine;
}

/** The back office's line on what "Translate with AI" and the bulk rewrite will do (in English, as the back office is). */
export function aiEngineInfo(ai: AiEngine = getAiEngine()): { line: string; translates: boolean } {
  return ai.canTranslate
    ? { line: `Engine: ${ai.model ?? ai.name} (translates the description)`, translates: true }
    : { line: "Engine: local (writes a Swedish description from the hotel's facts)", translates: false };
}

/** The blog editor's line (Swedish, as the editor is) on who will write a draft. */
export function aiDraftEngineLine(ai: AiEngine = getAiEngine()): string {
  return ai.canTranslate ? `Motor: ${ai.model ?? ai.name}` : "Motor: lokal (skriver utkastet utifrån katalogens hotell)";
}

/**
 * Whether the AI actions can run, and with which engine. Always: without a provider the local
 * engine does the work (it needs no network), so a button is never offered that cannot run.
 */
export function aiReadiness(ai: AiEngine = getAiEngine()): Readiness {
  return ready(aiEngineInfo(ai).line);
}

/** How many hotels retrieval hands the engine: the local engine names them all; a model chooses. */
const candidateCount = (ai: AiEngine) => (ai.name === "local" ? 5 : 12);

/** What the box's answer prices for: the page's stay and conditions, in the page's currency. */
export interface RecommendationPricing extends Pricing {
  currency: DisplayCurrency;
}

export const LEAD_RECOMMENDATION_PRICING: RecommendationPricing = { ...LEAD_PRICING, currency: HOME_CURRENCY };

/**
 * Hotels for the AI box, each quoted at the price its list card shows for the same stay,
 * conditions and currency (the page's, which the box's form posts to).
 */
export async function recommendHotels(
  request: RecommendationRequest,
  ai: AiEngine = getAiEngine(),
  db: DB = getAppDatabase().db,
  pricing: RecommendationPricing = LEAD_RECOMMENDATION_PRICING,
): Promise<RecommendationAnswer> {
  const [vocabulary, rates] = await Promise.all([
    catalogueVocabulary(db),
    pricing.currency === HOME_CURRENCY ? null : latestFxRates(undefined, db),
  ]);
  const understanding = understandRequest(`${request.query}\n${request.preferences}`, vocabulary);
  const retrieval = await findCandidates(understanding, candidateCount(ai), pricing, db);
  return ai.recommend(request, { understanding, retrieval, display: priceDisplay(pricing.currency, rates) });
}

/** A Swedish description of one hotel: its English one translated (a provider), or one written from its facts (local). */
export function translateDescription(hotel: HotelText, ai: AiEngine = getAiEngine()): Promise<string> {
  return ai.translateToSwedish(hotel);
}

const DEFAULT_DRAFT_TOPIC = "Reseblogg";

/** A blog draft (title, excerpt, blocks), always valid against the block schema. */
export async function draftBlogPost(
  input: { topic: string; instructions: string },
  ai: AiEngine = getAiEngine(),
  db: DB = getAppDatabase().db,
): Promise<BlogDraft> {
  const topic = input.topic.trim() || DEFAULT_DRAFT_TOPIC;
  const understanding = understandRequest(`${topic}\n${input.instructions}`, await catalogueVocabulary(db));
  const { hotels, unmet } = await findCandidates(understanding, ai.name === "local" ? 4 : 8, undefined, db);
  const place = understanding.places[0];
  const country = understanding.countries[0];
  // Addresses keep the catalogue's spelling; the label is the Swedish name. No address, no link.
  const placePage = place ? { label: place.name, path: placePath(place.country, place.location) } : null;
  const countryPage = country ? { label: country.name, path: countryPath(country.country) } : null;
  const placeLink = [placePage, countryPage].find((link): link is { label: string; path: string } => !!link?.path) ?? null;
  const brief = readBrief(input.instructions, understanding);
  const draft = await ai.draftBlogPost({ topic, instructions: input.instructions }, { understanding, hotels, unmet, placeLink, brief });
  const parsed = blogDraftSchema.safeParse(draft);
  if (!parsed.success) throw new AiInvalidOutputError("The blog draft did not follow the block schema");
  return parsed.data;
}

/**
 * Rewrites the hotels' descriptions in Swedish as a background job (translated by a provider,
 * or written from the facts by the local engine); returns the job id (null when none of the
 * ids exists).
 */
export function startRewrite(hotelIds: readonly string[], createdBy: string | null, db: DB = getAppDatabase().db): Promise<string | null> {
  return startRewriteJob(hotelIds, createdBy, db);
}

/** Queues a job's failed hotels again (the job runner takes them); how many were queued. */
export function retryRewrite(jobId: string, db: DB = getAppDatabase().db): Promise<number> {
  return retryFailedItems(jobId, db);
}
