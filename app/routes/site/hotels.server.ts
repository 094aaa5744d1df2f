import { data, href, redirect } from "react-router";
import type { Route } from "./+types/hotels";
import { readFormData } from "#app/http/form-data.server.ts";
import { recommendHotels, type RecommendationPricing } from "#app/ai/service.server.ts";
import { readConditions } from "#app/prices/conditions.ts";
import { readDisplayCurrency } from "#app/utils/money.ts";
import { clientAddress } from "#app/auth/request-auth.server.ts";
import type { RecommendationResult } from "#app/components/ai-recommendation-box.tsx";
import { isHoneypotFilled } from "#app/http/honeypot.ts";
import { RECOMMENDATION_INTENT, RECOMMENDATION_MESSAGES } from "#app/ai/recommendation.ts";
import { recommendationRequestSchema } from "#app/ai/recommendation-request.ts";
import { log } from "#app/utils/log.server.ts";
import { addressClaim, RATE_POLICIES, takeRateLimit } from "#app/http/rate-limit.server.ts";
import { loadHotelListPage, withLiveListPrices } from "#app/hotels/list-page.server.ts";
import { PRIVATE } from "#app/http/cache-control.server.ts";
import { readStay, todayInSweden } from "#app/utils/stay.ts";
import { dispatchIntent, intent, type IntentSubmission } from "#app/utils/action-kit.server.ts";

/** The list of hotels, at its one address: /hotels/ leads to /hotels. */
export async function loadHotelsPage({ url, request }: Route.LoaderArgs) {
  const list = href("/hotels");
  if (url.pathname !== list) throw redirect(`${list}${url.search}`, 301);
  const listed = await withLiveListPrices(await loadHotelListPage(url), request);
  const body = { page: listed.page, live: listed.live };
  // A page waiting for or missing a partner's live prices is not kept by any cache.
  return listed.private ? data(body, { headers: { "Cache-Control": PRIVATE } }) : body;
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

type Failure = Omit<Extract<RecommendationResult, { ok: false }>, "ok" | "query" | "preferences">;

/** The AI box: an ordinary form POST (it works without JavaScript), answered in the page. Its one intent asks for hotels. */
export async function hotelsAction({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request, MAX_BODY_BYTES);
  // What was typed goes back to the box with a failure, cut to what the box takes.
  const typed = {
    query: String(form.get("query") ?? "").slice(0, 1000),
    preferences: String(form.get("preferences") ?? "").slice(0, 1000),
  };
  const fail = (result: Failure, init: ResponseInit) =>
    data({ ai: { ok: false as const, ...typed, ...result } satisfies RecommendationResult }, init);
  const invalid = (submission: IntentSubmission<typeof recommendationRequestSchema>) => {
    if (isHoneypotFilled(form)) return fail(RECOMMENDATION_MESSAGES.failed, { status: 400 });
    // The first problem, in the schema's order: the question's before the preferences'.
    const errors = submission.status === "error" ? submission.error : undefined;
    const description = errors?.query?.[0] ?? errors?.preferences?.[0] ?? RECOMMENDATION_MESSAGES.missing.description;
    return fail({ title: RECOMMENDATION_MESSAGES.missing.title, description, field: "query" }, { status: 400 });
  };

  return dispatchIntent(form, {
    [RECOMMENDATION_INTENT]: intent(
      recommendationRequestSchema,
      async (question) => {
        if (isHoneypotFilled(form)) return fail(RECOMMENDATION_MESSAGES.failed, { status: 400 });
        const decision = await takeRateLimit([addressClaim("ai-box", clientAddress(context), RATE_POLICIES.aiBoxPerAddress)]);
        if (!decision.allowed) {
          return fail(RECOMMENDATION_MESSAGES.limited, { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds) } });
        }
        try {
          const answer = await recommendHotels(question, undefined, undefined, boxPricing(new URL(request.url)));
          return { ai: { ok: true as const, ...question, ...answer } satisfies RecommendationResult };
        } catch (error) {
          log.error("ai recommendation failed", error);
          return fail(RECOMMENDATION_MESSAGES.failed, { status: 503 });
        }
      },
      { invalid },
    ),
  });
}
