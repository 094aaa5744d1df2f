import { data, href, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { PARTNER_IDS_INTENT, partnerIdsPath } from "#app/admin/partner-ids-screen.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { readFormData } from "#app/http/form-data.server.ts";
import { partnerIdsFormSchema, type PartnerIdsForm } from "#app/live-prices/partner-hotel-ids.ts";
import { findHotelPartnerIds, partnerChoices, saveHotelPartnerIds } from "#app/live-prices/partner-ids.server.ts";
import { dispatchIntent, intent, refuse, type IntentSubmission } from "#app/utils/action-kit.server.ts";

const NO_HOTEL = "There is no hotel with this id.";

export async function loadHotelPartnerIds(args: LoaderFunctionArgs) {
  await requireAdmin(args);
  const [hotel, partners] = await Promise.all([findHotelPartnerIds(args.params.id ?? ""), partnerChoices()]);
  if (!hotel) throw data(NO_HOTEL, { status: 404 });
  return { hotel, partners };
}

type Submission = IntentSubmission<typeof partnerIdsFormSchema>;

export async function hotelPartnerIdsAction(args: ActionFunctionArgs) {
  await requireAdmin(args);
  const hotelKey = args.params.id ?? "";
  const form = await readFormData(args.request, 16 * 1024);
  return dispatchIntent(form, {
    [PARTNER_IDS_INTENT.save]: intent(partnerIdsFormSchema, (value) => save(hotelKey, value), {
      invalid: (submission: Submission) => data({ result: submission.reply() }, { status: 400 }),
    }),
  });
}

async function save(hotelKey: string, { ids }: PartnerIdsForm) {
  const partners = await partnerChoices();
  // The form has a field for every partner; a field for another is not from it.
  if (Object.keys(ids).some((id) => !partners.some((partner) => partner.id === id))) return refuse();
  if (!(await saveHotelPartnerIds(hotelKey, ids)))
    return redirectWithFlash(href("/admin/hotels"), { title: "Not saved", description: NO_HOTEL, variant: "destructive" });
  const saved = (await findHotelPartnerIds(hotelKey))?.ids ?? {};
  const set = partners.filter((partner) => saved[partner.id]);
  return redirectWithFlash(partnerIdsPath(hotelKey), {
    title: "Partner ids saved",
    description: set.length
      ? `The hotel's ids: ${set.map((partner) => `${partner.name} ${saved[partner.id]}`).join(", ")}. Live prices ask with them from now on.`
      : "The hotel has no id at any partner now: no partner's API is asked about it.",
  });
}
