import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { useIsPending } from "#app/utils/use-is-pending.ts";
import type { Route } from "./+types/admin.menu";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { MENU_SIZE, menuCountriesSchema } from "#app/hotels/menu-countries.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ActionRefusalAlert, FormAlert, SelectField } from "#app/components/ui/forms.tsx";
import { readFormData } from "#app/http/form-data.server.ts";
import { menuAction, menuPage } from "./admin.menu.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Destinations Menu", matches);
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return menuPage();
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return menuAction(await readFormData(args.request, 16 * 1024));
}

const hotels = (count: number) => `${count.toLocaleString("en-GB")} ${count === 1 ? "hotel" : "hotels"}`;

export default function AdminMenu({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, chosen, menu } = loaderData;
  const busy = useIsPending();
  const [form, fields] = useForm({
    id: "menu-countries",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    // Every position is a field, the empty ones too: that is what "by number of hotels" posts.
    defaultValue: { countries: Array.from({ length: MENU_SIZE }, (_, index) => chosen[index] ?? "") },
    constraint: getZodConstraint(menuCountriesSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: menuCountriesSchema, disableAutoCoercion: true }),
  });
  const positions = fields.countries.getFieldList();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <AdminPageHeader
        title="Destinations Menu"
        description={`The countries the site header's Destinationer menu lists (${MENU_SIZE}): the ones chosen here in this order, then the countries with the most hotels.`}
      />
      <section aria-labelledby="menu-now" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="menu-now" className="text-sm font-semibold">
          The menu now
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm">
          {menu.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ol>
      </section>
      <ActionRefusalAlert actionData={actionData} />
      <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" {...getFormProps(form)}>
        {form.errors?.length ? (
          <FormAlert id={form.errorId} controlSize="compact">
            {form.errors[0]}
          </FormAlert>
        ) : null}
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">Countries first, in order</legend>
          {Array.from({ length: MENU_SIZE }, (_, index) => {
            // A hand-made post may have sent fewer positions: the missing ones are empty.
            const meta = positions[index];
            return (
              <SelectField
                key={index}
                label={`Position ${index + 1}`}
                controlSize="compact"
                errors={meta?.errors}
                errorId={meta?.errorId}
                selectProps={meta ? getSelectProps(meta) : { name: `${fields.countries.name}[${index}]`, defaultValue: "" }}
              >
                <option value="">By number of hotels</option>
                {choices.map((country) => (
                  <option key={country.isoCode} value={country.isoCode}>
                    {`${country.label} (${hotels(country.hotelCount)})`}
                  </option>
                ))}
              </SelectField>
            );
          })}
        </fieldset>
        <Button type="submit" name="intent" value="save" disabled={busy}>
          Save Menu
        </Button>
      </Form>
    </div>
  );
}
