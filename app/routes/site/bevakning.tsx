import { Form, href, Link } from "react-router";
import type { Route } from "./+types/bevakning";
import { alertLinkAction, loadAlertLink } from "./bevakning.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { formatSek } from "#app/utils/money.ts";

export async function loader(args: Route.LoaderArgs) {
  return loadAlertLink(args);
}

export async function action(args: Route.ActionArgs) {
  return alertLinkAction(args);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return seoMeta({
    ...site,
    title: "Prisbevakning",
    description: "Bekräfta eller avsluta en prisbevakning.",
    path: href("/bevakning"),
    noindex: true,
  });
}

const QUESTIONS = {
  confirm: { heading: "Bekräfta prisbevakningen", button: "Bekräfta bevakningen" },
  unsubscribe: { heading: "Avsluta prisbevakningen", button: "Avsluta bevakningen" },
  forget: { heading: "Radera din adress", button: "Radera adressen och alla bevakningar" },
} as const;

const DONE = {
  unsubscribed: { heading: "Bevakningen är avslutad", text: "Du får inga fler mejl om den här bevakningen." },
  forgotten: {
    heading: "Din adress är raderad",
    text: "Vi har raderat din e-postadress och alla dina prisbevakningar. Du får inga fler mejl från oss.",
  },
  invalid: {
    heading: "Länken gäller inte längre",
    text: "Bevakningen kan redan vara bekräftad eller avslutad, eller så har länken gått ut (en bekräftelselänk gäller i 7 dagar).",
  },
} as const;

export default function AlertLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.done ?? (loaderData.kind === "invalid" ? "invalid" : null);
  return (
    <div className="container-page max-w-2xl py-10">
      {done ? (
        <>
          <h1 className="text-3xl font-bold">{DONE[done].heading}</h1>
          <p className="mt-3 leading-relaxed">{DONE[done].text}</p>
          <p className="mt-6">
            <Link to={href("/")} className="font-medium text-brand-700 underline">
              Till startsidan
            </Link>
          </p>
        </>
      ) : loaderData.kind !== "invalid" ? (
        <>
          <h1 className="text-3xl font-bold">{QUESTIONS[loaderData.kind].heading}</h1>
          {loaderData.alert ? (
            <p className="mt-3 leading-relaxed">
              Bevakning av priset på <strong>{loaderData.alert.hotelName}</strong>
              {loaderData.alert.stay ? `, ${loaderData.alert.stay}` : " utan datum (lägsta pris per natt)"}
              {loaderData.alert.targetPrice !== null ? `, målpris ${formatSek(loaderData.alert.targetPrice)}` : ""}.
            </p>
          ) : (
            <p className="mt-3 leading-relaxed">Din e-postadress och alla dina prisbevakningar raderas. Det går inte att ångra.</p>
          )}
          <Form method="post" action={`${href("/bevakning")}?token=${loaderData.token}`} className="mt-6">
            <Button type="submit">{QUESTIONS[loaderData.kind].button}</Button>
          </Form>
        </>
      ) : null}
    </div>
  );
}
