/**
 * Whether a back-office action that needs an engine or a template (AI rewriting, partner
 * links) can run: what will do the work, or why nothing can and what to set to change that.
 * The button shows it beside itself and is disabled when not ready; the action refuses the
 * same case with the same words, so a button never only fails once pressed. Pure.
 */
export type Readiness = { ready: true; by: string } | { ready: false; reason: string };

export const ready = (by: string): Readiness => ({ ready: true, by });
export const notReady = (reason: string): Readiness => ({ ready: false, reason });

/** The partner link template's readiness for "Generate affiliate URLs" (AFFILIATE_URL_TEMPLATE). */
export function affiliateTemplateReadiness(template: string | undefined): Readiness {
  return template
    ? ready(`Template: ${new URL(template).host} (AFFILIATE_URL_TEMPLATE), e.g. ${template}`)
    : notReady(
        "No partner link template is configured. Set AFFILIATE_URL_TEMPLATE to the partner's link with {hotel_id}, {name}, {location}, {country} or {query} in it (e.g. https://www.booking.com/searchresults.sv.html?ss={query}&aid=123) and restart the server.",
      );
}
