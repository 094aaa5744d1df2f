/**
 * What the AI box's form must hold, checked by the search page's action. Kept apart from
 * recommendation.ts, which the browser loads: zod would add 25 kB to the search page.
 */
import { z } from "#app/utils/zod.ts";
import { RECOMMENDATION_LIMITS, RECOMMENDATION_MESSAGES } from "./recommendation.ts";

const text = (max: number) =>
  z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string().max(max, RECOMMENDATION_MESSAGES.tooLong));

export const recommendationRequestSchema = z.object({
  query: text(RECOMMENDATION_LIMITS.query).refine((value) => value !== "", RECOMMENDATION_MESSAGES.missing.description),
  preferences: text(RECOMMENDATION_LIMITS.preferences),
});
