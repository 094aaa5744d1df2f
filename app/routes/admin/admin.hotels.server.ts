import { data, href, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { affiliateTemplateReadiness, type Readiness } from "#app/utils/readiness.ts";
import {
  countMatchingHotels,
  generateAffiliateUrls,
  loadAdminHotelTable,
  revertDescriptions,
  setAffiliateFlag,
  settleFilters,
  startHotelRewrite,
  type HotelTarget,
} from "#app/admin/hotel-table-rows.server.ts";
import {
  ADMIN_HOTEL_MESSAGES,
  adminHotelsSearch,
  BULK_ACTIONS,
  BULK_ALL_MAX,
  bulkLimit,
  bulkPostSchema,
  hotelCount,
  needsConfirmation,
  parseAdminHotelFilters,
  TOGGLE_INTENT,
  togglePostSchema,
  type AdminHotelFilters,
  type BulkAction,
  type BulkPost,
  type BulkScope,
  type TogglePost,
} from "#app/admin/hotel-table.ts";
import { AiNotSupportedError } from "#app/ai/engine.server.ts";
import { JobAlreadyRunningError } from "#app/ai/jobs.server.ts";
import { aiReadiness } from "#app/ai/service.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { dispatchIntent, intent } from "#app/utils/action-kit.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { log } from "#app/utils/log.server.ts";

export async function loadHotels(args: LoaderFunctionArgs) {
  await requireAdmin(args);
  // The filters as applied: a place outside the chosen country is set aside with a notice.
  const table = await loadAdminHotelTable(parseAdminHotelFilters(args.url.searchParams));
  const select = args.url.searchParams.get("select");
  // Without JavaScript: ?select=all checks the rows shown; ?select=matching chooses every hotel the filters match.
  const selection: "all" | "matching" | null = select === "all" || select === "matching" ? select : null;
  return {
    ...table,
    selection,
    readiness: bulkReadiness(),
  };
}

/** What the actions that need an engine or a template will run with, or why they cannot run. */
function bulkReadiness(): Partial<Record<BulkAction, Readiness>> {
  return { "rewrite-ai": aiReadiness(), "generate-affiliate": affiliateTemplateReadiness(getEnv().AFFILIATE_URL_TEMPLATE) };
}

/** At most the 50 shown rows can be selected; a post carries their ids. */
const MAX_BODY_BYTES = 32 * 1024;

interface Answer {
  /** The screen with the filters the post came from. */
  back: string;
  failure: (title: string, description: string) => Promise<Response>;
  requested: AdminHotelFilters;
  email: string;
}

/** The question a bulk action asks before it runs (see needsConfirmation), for the page to show. */
export interface BulkAsk {
  intent: BulkAction;
  scope: BulkScope;
  count: number;
  hotels: string[];
}

export async function hotelsAction(args: ActionFunctionArgs) {
  const session = await requireAdmin(args);
  const form = await readFormData(args.request, MAX_BODY_BYTES);
  const requested = parseAdminHotelFilters(args.url.searchParams);
  const back = `${href("/admin/hotels")}${adminHotelsSearch(requested)}`;
  const answer: Answer = {
    back,
    failure: (title, description) => redirectWithFlash(back, { title, description, variant: "destructive" }),
    requested,
    email: session.user.email,
  };
  const bulk = (action: BulkAction) => intent(bulkPostSchema, (post) => runBulk(action, post, answer));
  return dispatchIntent(form, {
    [TOGGLE_INTENT]: intent(togglePostSchema, (post) => toggleFlag(post, answer)),
    "set-affiliate": bulk("set-affiliate"),
    "unset-affiliate": bulk("unset-affiliate"),
    "rewrite-ai": bulk("rewrite-ai"),
    "generate-affiliate": bulk("generate-affiliate"),
    "revert-description": bulk("revert-description"),
  } satisfies Record<BulkAction | typeof TOGGLE_INTENT, unknown>);
}

/** A bulk action: refused without its engine or template, asked about first when it must be, then run. */
async function runBulk(action: BulkAction, post: BulkPost, answer: Answer) {
  // An action without its engine or template is refused with the words its disabled button shows.
  const readiness = bulkReadiness()[action];
  if (readiness && !readiness.ready) return answer.failure(BULK_ACTIONS[action].failure, readiness.reason);
  const chosen = await bulkTarget(action, post, answer.requested, answer);
  if (chosen instanceof Response) return chosen;
  if ("ask" in chosen) return data({ ask: chosen.ask });
  switch (action) {
    case "set-affiliate":
    case "unset-affiliate":
      return setFlags(action, chosen.target, answer);
    case "rewrite-ai":
      return rewriteWithAi(chosen.target, chosen.count, answer.email, answer);
    case "generate-affiliate":
      return generateAffiliate(chosen.target, answer);
    case "revert-description":
      return revertMany(chosen.target, answer);
  }
}

async function toggleFlag({ toggle }: TogglePost, { back, failure }: Answer) {
  try {
    await setAffiliateFlag({ hotels: [toggle.hotelId] }, toggle.on);
  } catch (error) {
    log.error("admin hotel toggle failed", error, { hotelId: toggle.hotelId });
    return failure("Error", ADMIN_HOTEL_MESSAGES.toggleFailed);
  }
  return redirectWithFlash(back, {
    title: "Hotel updated",
    description: `Affiliate flag ${toggle.on ? "set" : "removed"} for ${toggle.hotelId}.`,
  });
}

/**
 * The hotels a bulk action is for, once it may run: the checked rows, or every hotel the
 * settled filters match. Or the answer instead: nothing chosen, too many for an action done
 * hotel by hotel, or the question to ask first (again, when the count changed since it was asked).
 */
async function bulkTarget(
  intent: BulkAction,
  post: BulkPost,
  requested: AdminHotelFilters,
  answer: Answer,
): Promise<Response | { ask: BulkAsk } | { target: HotelTarget; count: number }> {
  const { scope } = post;
  if (scope === "selected") {
    if (post.hotel.length === 0)
      return answer.failure(ADMIN_HOTEL_MESSAGES.noneSelected, `Select at least one hotel to ${BULK_ACTIONS[intent].what}.`);
    if (needsConfirmation(intent, scope) && !post.confirm) return { ask: { intent, scope, count: post.hotel.length, hotels: post.hotel } };
    return { target: { hotels: post.hotel }, count: post.hotel.length };
  }
  const { filters } = await settleFilters(requested);
  const count = await countMatchingHotels(filters);
  if (count === 0) return answer.failure(ADMIN_HOTEL_MESSAGES.noneMatching, `Nothing to ${BULK_ACTIONS[intent].what}.`);
  if (count > bulkLimit(intent))
    return answer.failure(
      BULK_ACTIONS[intent].failure,
      `This filter matches ${hotelCount(count)}; ${BULK_ACTIONS[intent].label.toLowerCase()} takes at most ${hotelCount(BULK_ALL_MAX)} at once. Narrow the filter and run it again.`,
    );
  if (!post.confirm || post.expected !== count) return { ask: { intent, scope, count, hotels: [] } };
  return { target: { filters }, count };
}

async function setFlags(intent: "set-affiliate" | "unset-affiliate", target: HotelTarget, answer: Answer) {
  try {
    const count = await setAffiliateFlag(target, intent === "set-affiliate");
    return redirectWithFlash(answer.back, { title: "Hotels updated", description: `${BULK_ACTIONS[intent].label}: ${hotelCount(count)}.` });
  } catch (error) {
    log.error("admin bulk action failed", error, { intent });
    return answer.failure(BULK_ACTIONS[intent].failure, ADMIN_HOTEL_MESSAGES.unknownError);
  }
}

async function rewriteWithAi(target: HotelTarget, count: number, createdBy: string, answer: Answer) {
  const { failure: title } = BULK_ACTIONS["rewrite-ai"];
  try {
    const jobId = await startHotelRewrite(target, createdBy, BULK_ALL_MAX);
    if (!jobId) return answer.failure(title, "None of the selected hotels exists any more.");
    return redirectWithFlash(href("/admin/jobs/:id", { id: String(jobId) }), {
      title: "Rewrite started",
      description: `${count} descriptions are being rewritten in Swedish.`,
    });
  } catch (error) {
    if (error instanceof AiNotSupportedError || error instanceof JobAlreadyRunningError) return answer.failure(title, error.message);
    log.error("admin bulk action failed", error, { intent: "rewrite-ai" });
    return answer.failure(title, ADMIN_HOTEL_MESSAGES.unknownError);
  }
}

async function generateAffiliate(target: HotelTarget, answer: Answer) {
  // bulkReadiness has refused the post when there is no template.
  const template = getEnv().AFFILIATE_URL_TEMPLATE!;
  try {
    const count = await generateAffiliateUrls(target, template, BULK_ALL_MAX);
    return redirectWithFlash(answer.back, {
      title: "Affiliate URLs generated",
      description: `${hotelCount(count)} now link to ${new URL(template).host}.`,
    });
  } catch (error) {
    log.error("affiliate url generation failed", error);
    return answer.failure(`Failed to generate ${new URL(template).host} affiliate URLs`, ADMIN_HOTEL_MESSAGES.unknownError);
  }
}

async function revertMany(target: HotelTarget, answer: Answer) {
  try {
    const count = await revertDescriptions(target);
    return redirectWithFlash(answer.back, {
      title: "Descriptions reverted",
      description: count
        ? `${hotelCount(count)} show their original description again; the rewritten texts are deleted.`
        : "None of these hotels had a rewritten description.",
    });
  } catch (error) {
    log.error("admin bulk action failed", error, { intent: "revert-description" });
    return answer.failure(BULK_ACTIONS["revert-description"].failure, ADMIN_HOTEL_MESSAGES.unknownError);
  }
}
