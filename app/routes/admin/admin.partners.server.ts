import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { PARTNER_INTENT as INTENT, partnersHref } from "#app/admin/partner-screen.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { readClickPeriod } from "#app/offers/partner-clicks.ts";
import { PARTNER_MESSAGES, partnerSchema, type PartnerInput } from "#app/offers/partner-form.ts";
import { findPartner, listPartnersWithOffers, partnerClicksPerDay, savePartner, setPartnerActive } from "#app/offers/partners.server.ts";
import { todayInSweden } from "#app/utils/stay.ts";
import { feedRunsByPartner, type PartnerFeedRuns } from "#app/prices/price-feed-runs.server.ts";
import { queueDueFeedsSoon, queueFeedNow } from "#app/feed/price-feed-worker.server.ts";
import { dispatchIntent, intent, type IntentSubmission } from "#app/utils/action-kit.server.ts";
import { adminDateTime } from "#app/utils/format.ts";
import { z } from "#app/utils/zod.ts";

export async function loadPartners(args: LoaderFunctionArgs) {
  await requireAdmin(args);
  const url = new URL(args.request.url);
  const period = readClickPeriod(url.searchParams.get("period"));
  const editId = url.searchParams.get("edit");
  const [partners, clicks, editing, runs] = await Promise.all([
    listPartnersWithOffers(),
    partnerClicksPerDay(period),
    editId ? findPartner(editId) : null,
    feedRunsByPartner(),
  ]);
  if (editId !== null && !editing) throw data("There is no partner with this id.", { status: 404 });
  const feedRuns: Record<string, PartnerFeedRuns> = Object.fromEntries(runs);
  // The preview's sample stay starts from today in Sweden, the same on the server and in the browser.
  return { partners, clicks, period, editing, feedRuns, today: todayInSweden() };
}

/** A list button's partner. */
const partnerRefSchema = z.object({ id: z.string().min(1) });
type PartnerRef = z.infer<typeof partnerRefSchema>;
type PartnerSubmission = IntentSubmission<typeof partnerSchema>;

/** The form's field errors, on the page that answers (status 400), with what was typed. */
const invalidPartner = (submission: PartnerSubmission) => data({ result: submission.reply() }, { status: 400 });

export async function partnersAction(args: ActionFunctionArgs) {
  const session = await requireAdmin(args);
  const form = await readFormData(args.request, 16 * 1024);
  return dispatchIntent(form, {
    [INTENT.create]: intent(partnerSchema, createPartner, { invalid: invalidPartner }),
    [INTENT.update]: intent(partnerSchema, updatePartner, { invalid: invalidPartner }),
    [INTENT.deactivate]: intent(partnerRefSchema, (ref) => switchPartner(ref, false)),
    [INTENT.activate]: intent(partnerRefSchema, (ref) => switchPartner(ref, true)),
    [INTENT.fetch]: intent(partnerRefSchema, (ref) => fetchNow(ref, session.user.email)),
  });
}

const TAKEN = { id: PARTNER_MESSAGES.idTaken, host: PARTNER_MESSAGES.hostTaken } as const;

async function createPartner(value: PartnerInput, submission: PartnerSubmission) {
  const saved = await savePartner(value, null);
  if (!saved.saved) {
    const field = saved.field ?? "id";
    return data({ result: submission.reply({ fieldErrors: { [field]: [TAKEN[field]] } }) }, { status: 400 });
  }
  // A new feed URL is due at once: the runner looks as soon as the partner is committed.
  if (value.feedUrl) await queueDueFeedsSoon();
  return redirectWithFlash(partnersHref(), {
    title: "Partner added",
    description: `${value.name} is saved${value.active ? "" : " as inactive"}. Its offers arrive with its feed.`,
  });
}

async function updatePartner(value: PartnerInput, submission: PartnerSubmission) {
  const saved = await savePartner(value, value.id);
  if (!saved.saved) {
    const field = saved.field;
    if (field === null) return unknownPartner();
    return data({ result: submission.reply({ fieldErrors: { [field]: [TAKEN[field]] } }) }, { status: 400 });
  }
  if (value.feedUrl) await queueDueFeedsSoon();
  return redirectWithFlash(partnersHref(), { title: "Partner saved", description: `${value.name} is saved.` });
}

const unknownPartner = () =>
  redirectWithFlash(partnersHref(), { title: "Error", description: "There is no such partner.", variant: "destructive" });

/** What an administrator may see lag behind a switch, said plainly. */
const LIST_PRICES_FOLLOW = "The hotel lists' price order follows within minutes; cards show the new prices at once.";

async function switchPartner({ id }: PartnerRef, active: boolean) {
  const name = await setPartnerActive(id, active);
  if (name === null) return unknownPartner();
  return redirectWithFlash(
    partnersHref(),
    active
      ? {
          title: "Partner activated",
          description: `${name}'s current offers show on the site again, and /redirect forwards to its host. ${LIST_PRICES_FOLLOW}`,
        }
      : {
          title: "Partner deactivated",
          description: `${name}'s offers no longer show on the site, and /redirect no longer forwards to its host. ${LIST_PRICES_FOLLOW}`,
        },
  );
}

/**
 * Queues a fetch of the partner's feed URL for the job runner and answers at once: the download
 * and import run outside the request (its job commits with the request's write scope, decision 048).
 */
async function fetchNow({ id }: PartnerRef, requestedBy: string | null) {
  const result = await queueFeedNow(id, requestedBy);
  if (result.queued) {
    return redirectWithFlash(partnersHref(), {
      title: "Fetch queued",
      description: `${result.partnerName}'s feed is fetched and imported in the background, usually within a minute. Reload this page to see the result.`,
    });
  }
  switch (result.reason) {
    case "no-partner":
      return unknownPartner();
    case "no-feed-url":
      return redirectWithFlash(partnersHref(), {
        title: "No feed URL",
        description: "This partner has no feed URL to fetch: add one with Edit first.",
        variant: "destructive",
      });
    case "open":
      return redirectWithFlash(partnersHref(), {
        title: result.status === "running" ? "Already fetching" : "Already queued",
        description: `${result.partnerName}'s feed has been ${result.status === "running" ? "fetching" : "queued"} since ${adminDateTime.format(new Date(result.since))}: its result shows here when it is done.`,
      });
  }
}
