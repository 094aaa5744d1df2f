import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/admin.affiliate";
import { adminMeta } from "#app/admin/admin-meta.ts";
import { AFFILIATE_LINK_DEFAULTS, affiliateLinkSchema } from "#app/admin/affiliate-link.ts";
import { buildAffiliateLink } from "#app/admin/affiliate-link-lookup.server.ts";
import { requireAdmin } from "#app/auth/guards.server.ts";
import { AdminPageHeader } from "#app/components/admin-page-header.tsx";
import { useCopyToClipboard } from "#app/components/copy-feedback.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormAlert } from "#app/components/ui/forms.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { getEnv } from "#app/utils/env.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Affiliate URLs", matches);
}

/**
 * Links a partner can use to send visitors to one hotel's page on our site (its real address,
 * not a fixed one), tagged with their affiliate id and UTM parameters. Nothing is stored, so
 * it is a GET form, judged here by the same schema the browser uses.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  // What the links are built on: the site's configured origin.
  const origin = new URL(getEnv().SITE_URL).origin;
  const params = args.url.searchParams;
  if (!params.has("hotel") && !params.has("affiliate")) return { result: undefined, link: null, origin };
  const submission = parseWithZod(params, { schema: affiliateLinkSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return { result: submission.reply(), link: null, origin };
  const link = await buildAffiliateLink(submission.value);
  if ("error" in link) return { result: submission.reply({ formErrors: [link.error] }), link: null, origin };
  return { result: submission.reply(), link, origin };
}

export default function AdminAffiliate({ loaderData }: Route.ComponentProps) {
  const { result, link, origin } = loaderData;
  const url = link?.url ?? null;
  const hydrated = useHydrated();
  const { status: copy, copy: copyText } = useCopyToClipboard();
  const copyUrl = () => copyText(url ?? "");
  const search = useLocation().search;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <AdminPageHeader title="Generate Affiliate URLs" description="A tracked link to a hotel's page on this site, for a partner to use." />
      <p className="text-sm text-muted">
        Links are built on {origin}/{"{country}/{place}/{hotel}"} (the SITE_URL setting), tagged with aff_id and the UTM parameters.
      </p>
      {/* Each new query (a generated link, a refused one, a fresh visit) shows its own values. */}
      <AffiliateLinkForm key={search} result={result} />
      {url ? (
        <section aria-labelledby="affiliate-result" className="space-y-2 rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="affiliate-result" className="font-semibold">
            Affiliate URL for {link?.hotelName}
          </h2>
          <div className="flex flex-wrap gap-2">
            <label htmlFor="affiliate-url" className="sr-only">
              Affiliate URL
            </label>
            <Input
              id="affiliate-url"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              controlSize="compact"
              className="w-auto min-w-0 flex-1 font-mono"
            />
            {hydrated ? (
              <Button type="button" variant="secondary" onClick={copyUrl}>
                Copy
              </Button>
            ) : null}
          </div>
          <p role="status" className="text-sm">
            {copy === "copied"
              ? "Copied to clipboard."
              : copy === "failed"
                ? "Failed to copy URL to clipboard"
                : hydrated
                  ? ""
                  : "Select the address to copy it."}
          </p>
        </section>
      ) : null}
    </div>
  );
}

function AffiliateLinkForm({ result }: { result: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<{ hotel: string; affiliate: string; source: string; medium: string }>({
    id: "affiliate",
    lastResult: result,
    defaultValue: AFFILIATE_LINK_DEFAULTS,
    constraint: getZodConstraint(affiliateLinkSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: affiliateLinkSchema, disableAutoCoercion: true }),
  });
  const text = (name: "hotel" | "affiliate" | "source" | "medium", label: string, required: boolean) => (
    <Field
      label={label}
      controlSize="compact"
      errors={fields[name].errors}
      errorId={fields[name].errorId}
      inputProps={{ ...getInputProps(fields[name], { type: "text" }), required }}
    />
  );
  return (
    <Form method="get" className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2" {...getFormProps(form)}>
      {text("hotel", "Hotel ID", true)}
      {text("affiliate", "Affiliate ID", true)}
      {text("source", "UTM Source", false)}
      {text("medium", "UTM Medium", false)}
      {form.errors?.length ? (
        <FormAlert id={form.errorId} controlSize="compact" className="sm:col-span-2">
          {form.errors[0]}
        </FormAlert>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit">Generate</Button>
      </div>
    </Form>
  );
}
