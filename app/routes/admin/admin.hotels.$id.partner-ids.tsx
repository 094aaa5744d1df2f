import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/admin.hotels.$id.partner-ids";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { PARTNER_IDS_INTENT } from "#app/admin/partner-ids-screen.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ActionRefusalAlert, Field, FormAlert } from "#app/components/ui/forms.tsx";
import { MAX_PARTNER_HOTEL_ID_LENGTH, partnerIdsFormSchema } from "#app/live-prices/partner-hotel-ids.ts";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import { hotelPartnerIdsAction, loadHotelPartnerIds } from "./admin.hotels.$id.partner-ids.server.ts";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(`Partner ids of ${loaderData?.hotel.name ?? loaderData?.hotel.hotelKey ?? "a hotel"}`, matches);
}

export const loader = (args: Route.LoaderArgs) => loadHotelPartnerIds(args);

export const action = (args: Route.ActionArgs) => hotelPartnerIdsAction(args);

/** One hotel's id at each partner whose API is asked live, as the hotel feed's partner_ids column also sets them. */
export default function AdminHotelPartnerIds({ loaderData, actionData }: Route.ComponentProps) {
  const { hotel, partners } = loaderData;
  const busy = useIsPending();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "partner-ids",
    lastResult,
    defaultValue: { ids: Object.fromEntries(partners.map((partner) => [partner.id, hotel.ids[partner.id] ?? ""])) },
    constraint: getZodConstraint(partnerIdsFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: partnerIdsFormSchema, disableAutoCoercion: true }),
  });
  const ids = fields.ids.getFieldset();
  const name = hotel.name ?? hotel.hotelKey;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <AdminPageHeader
        title={`Partner ids: ${name}`}
        description="The hotel's id at each partner whose API is asked for live prices. The hotel feed's partner_ids column sets the same ids."
      >
        <Link to={href("/admin/hotels")} className="text-sm font-medium text-brand-700 underline">
          Back to hotels
        </Link>
      </AdminPageHeader>
      <p className="text-sm text-muted">
        <span className="font-mono">{hotel.hotelKey}</span> · {[hotel.location, hotel.country].filter(Boolean).join(", ") || "No place"}
      </p>
      <ActionRefusalAlert actionData={actionData} />
      {partners.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-muted">
          There are no partners yet: add one in{" "}
          <Link to={href("/admin/partners")} className="text-brand-700 underline">
            Partners
          </Link>{" "}
          first.
        </p>
      ) : (
        <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5" {...getFormProps(form)}>
          {form.errors?.length ? (
            <FormAlert id={form.errorId} controlSize="compact">
              {form.errors[0]}
            </FormAlert>
          ) : null}
          {partners.map((partner) => {
            // Conform's fieldset gives a field for any key of the record.
            const field = ids[partner.id]!;
            return (
              <Field
                key={partner.id}
                label={`${partner.name}${partner.active ? "" : " (inactive)"}`}
                hint={`The hotel's id at ${partner.name} (partner key ${partner.id}); empty: none.`}
                controlSize="compact"
                errors={field.errors}
                errorId={field.errorId}
                inputProps={{
                  ...getInputProps(field, { type: "text" }),
                  maxLength: MAX_PARTNER_HOTEL_ID_LENGTH,
                  spellCheck: false,
                  autoCapitalize: "off",
                  autoComplete: "off",
                  className: "font-mono",
                }}
              />
            );
          })}
          <Button type="submit" name="intent" value={PARTNER_IDS_INTENT.save} disabled={busy}>
            {busy ? "Saving..." : "Save partner ids"}
          </Button>
        </Form>
      )}
    </div>
  );
}
