/**
 * The one rule of a rewritten description (issue 36): a hotel's description is rewritten exactly
 * when its rewritten (Swedish) text is not blank, and a visitor then reads that text instead of
 * the partner's. The database derives hotels.is_description_rewritten by the same rule (trigger of
 * migration 20261127100000); queries use its SQL twin, description-sql.server.ts. Pure.
 */

/** Whether a rewritten text counts: not missing, not blank. */
export function isRewritten(rewrittenText: string | null | undefined): rewrittenText is string {
  return Boolean(rewrittenText?.trim());
}

/** The text a visitor reads: the Swedish rewrite when there is one. */
export function displayDescription(hotel: { description: string; rewritten_text: string | null | undefined }): string {
  return isRewritten(hotel.rewritten_text) ? hotel.rewritten_text : hotel.description;
}
