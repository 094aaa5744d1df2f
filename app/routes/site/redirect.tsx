import { useEffect, useRef, useState } from "react";
import { href, Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/redirect";
import { loadRedirectPage, PAGE_HEADERS } from "./redirect.server.ts";
import type { HotelGlimpse } from "#app/hotels/hotel-detail.server.ts";
import { stayLabel, type Stay } from "#app/utils/stay.ts";
import { countdownLabel, REDIRECT_DELAY_SECONDS, refreshContent } from "#app/outbound/redirect-params.ts";
import { seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import type { NoscriptRefreshHandle } from "#app/components/noscript-refresh.tsx";

/**
 * /redirect?to=…&source=…&hotel=…&hotell=… — the affiliate interstitial. Not an open redirect:
 * - a known partner host (a host of some hotel's affiliate_url, or AFFILIATE_HOSTS) gets the
 *   3, 2, 1 countdown and is forwarded: by script with JavaScript, by a
 *   `<meta http-equiv="refresh">` inside `<noscript>` in the head without it (so the two never
 *   both fire; `handle` below, rendered by the root);
 * - any other http(s) host gets a warning naming the host and a manual link, nothing automatic;
 * - no `to`: a flash message ("Måladress saknas") and a redirect to /;
 * - a `to` that is not an absolute http(s) URL: 400.
 * Every answer is `no-store` and noindex; none sets a cookie except the flash redirect.
 * A forward names what the visitor is about to book: the hotel (by `hotell`, its id), the
 * partner (name and logo from the partners table, else the host) and the stay.
 */

export async function loader(args: Route.LoaderArgs) {
  return loadRedirectPage(args);
}

export function headers() {
  return PAGE_HEADERS;
}

/** Without JavaScript, a forward to a partner happens by a refresh in the head (decision 007). */
export const handle: NoscriptRefreshHandle = {
  noscriptRefresh: (loaderData) => {
    const page = loaderData as Route.ComponentProps["loaderData"] | undefined;
    return page?.kind === "forward" ? refreshContent(page.destination) : null;
  },
};

function describe(page: Route.MetaArgs["data"]): { title: string; description: string } {
  if (page?.kind === "forward") {
    const partner = page.partner?.name ?? page.host;
    return { title: `Du skickas vidare till ${partner}`, description: `Du skickas vidare till vår partner ${partner}.` };
  }
  if (page?.kind === "warning") {
    return { title: "Kontrollera länken", description: `Länken leder till ${page.host}, som inte är en av våra partner.` };
  }
  if (page?.kind === "invalid") {
    return { title: "Ogiltig måladress", description: "Länken innehåller ingen giltig måladress." };
  }
  return { title: "Omdirigering", description: "Omdirigering till en extern webbplats." };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  return seoMeta({ ...describe(data), siteName, siteUrl, path: href("/redirect"), noindex: true });
}

export default function RedirectPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "invalid") return <InvalidDestination />;
  if (loaderData.kind === "warning") return <UnknownHostWarning destination={loaderData.destination} host={loaderData.host} />;
  // Keyed: a new destination starts a new countdown.
  return <PartnerForward key={loaderData.destination} {...loaderData} />;
}

const primaryButton = buttonClassName({ size: "lg" });
const secondaryButton = buttonClassName({ variant: "secondary", size: "lg" });

interface ForwardProps {
  destination: string;
  host: string;
  partner: { name: string; logo: string | null } | null;
  hotel: HotelGlimpse | null;
  /** The visitor's stay when chosen (dates, or other guests than the default); else null. */
  stay: Stay | null;
}

function PartnerForward({ destination, host, partner, hotel, stay }: ForwardProps) {
  const hydrated = useHydrated();
  const [remaining, setRemaining] = useState(REDIRECT_DELAY_SECONDS);
  const [cancelled, setCancelled] = useState(false);
  const continueLink = useRef<HTMLAnchorElement>(null);

  // 3, 2, 1, then away. replace(): Back from the partner returns to the hotel, not to a
  // page that forwards again.
  useEffect(() => {
    if (cancelled) return;
    if (remaining <= 0) {
      window.location.replace(destination);
      return;
    }
    const timer = window.setTimeout(() => setRemaining(remaining - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining, cancelled, destination]);

  function cancel() {
    setCancelled(true);
    // The button goes away; keyboard and screen-reader users land on the way onward.
    continueLink.current?.focus();
  }

  return (
    <section className="container-page py-10 sm:py-16" aria-labelledby="redirect-heading">
      <div className="mx-auto max-w-xl overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {hotel ? <HotelStrip hotel={hotel} stay={stay} /> : null}
        <div className="p-6 text-center sm:p-8">
          <PartnerMark name={partner?.name ?? host} logo={partner?.logo ?? null} />
          <h1 id="redirect-heading" className="mt-4 text-2xl font-bold break-words">
            Du skickas vidare till {partner?.name ?? host}
          </h1>
          <p className="mt-2 text-muted">
            {partner ? (
              <>
                Hos vår partner <span className="break-words">{host}</span> ser du aktuella priser och kan boka direkt.
              </>
            ) : (
              "Hos vår partner ser du aktuella priser och kan boka direkt."
            )}
          </p>
          {hotel === null && stay ? <p className="mt-2 text-sm">Din vistelse: {stayLabel(stay)}</p> : null}
          {cancelled ? null : (
            <p className="mt-6 text-lg break-words">
              {partner?.name ?? host} öppnas{" "}
              <span data-countdown className="font-semibold tabular-nums">
                {remaining > 0 ? countdownLabel(remaining) : "nu"}
              </span>
              .
            </p>
          )}
          <div role="status">
            {cancelled ? <p className="mt-6 text-lg">Vidarebefordran avbruten. Fortsätt med länken när du vill.</p> : null}
          </div>
          <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
            <a ref={continueLink} href={destination} rel="nofollow noopener" className={primaryButton}>
              Om inget händer, klicka här<span className="sr-only"> för att gå till {partner?.name ?? host}</span>
            </a>
            {hydrated && !cancelled ? (
              <Button type="button" variant="secondary" size="lg" onClick={cancel}>
                Avbryt vidarebefordran
              </Button>
            ) : null}
          </div>
          <p className="mt-6 text-xs text-muted">Du bokar hos vår partner. Vi kan få provision, utan extra kostnad för dig.</p>
        </div>
      </div>
    </section>
  );
}

/** The hotel the visitor is on the way to book, with the stay: the card's top. */
function HotelStrip({ hotel, stay }: { hotel: HotelGlimpse; stay: Stay | null }) {
  return (
    <div className="flex items-center gap-4 border-b border-slate-200 bg-slate-50 p-4 text-left">
      {hotel.image ? <img src={hotel.image} alt="" width={96} height={64} className="h-16 w-24 shrink-0 rounded-lg object-cover" /> : null}
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-muted uppercase">Ditt hotell</p>
        <p className="line-clamp-2 font-semibold">{hotel.name}</p>
        {hotel.place ? <p className="truncate text-sm text-muted">{hotel.place}</p> : null}
        {stay ? <p className="text-sm">{stayLabel(stay)}</p> : null}
      </div>
    </div>
  );
}

/** The partner's logo, or its initial in a badge when the partners table has no logo. */
function PartnerMark({ name, logo }: { name: string; logo: string | null }) {
  if (logo) return <img src={logo} alt={`${name} logotyp`} height={40} className="mx-auto h-10 w-auto max-w-48 object-contain" />;
  const initial = name
    .replace(/^www\./i, "")
    .charAt(0)
    .toLocaleUpperCase("sv-SE");
  return (
    <span
      aria-hidden="true"
      className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-xl font-bold text-brand-700 ring-1 ring-brand-100"
    >
      {initial}
    </span>
  );
}

function UnknownHostWarning({ destination, host }: { destination: string; host: string }) {
  return (
    <section className="container-page py-16" aria-labelledby="redirect-heading">
      <div className="mx-auto max-w-xl rounded-2xl border border-amber-300 bg-amber-50 p-8">
        <h1 id="redirect-heading" className="text-2xl font-bold">
          Kontrollera länken innan du fortsätter
        </h1>
        <p className="mt-3">
          Länken leder till <strong className="break-all">{host}</strong>, som inte är en av våra partner. Kontrollera adressen innan du
          fortsätter.
        </p>
        <dl className="mt-4">
          <dt className="font-medium">Fullständig adress</dt>
          <dd className="mt-1 break-all rounded-md border border-amber-200 bg-white p-3 font-mono text-sm">{destination}</dd>
        </dl>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href={destination} rel="nofollow noopener" className={primaryButton}>
            Fortsätt till {host}
          </a>
          <Link to={href("/")} className={secondaryButton}>
            Till startsidan
          </Link>
        </div>
      </div>
    </section>
  );
}

function InvalidDestination() {
  return (
    <section className="container-page py-20 text-center" aria-labelledby="redirect-heading">
      <p className="text-5xl font-bold text-brand-700">400</p>
      <h1 id="redirect-heading" className="mt-4 text-2xl font-semibold">
        Ogiltig måladress
      </h1>
      <p className="mx-auto mt-2 max-w-xl text-muted">
        Länken du följde innehåller ingen giltig webbadress, så vi kan inte skicka dig vidare. En måladress måste börja med http:// eller
        https://.
      </p>
      <Link to={href("/")} className={`mt-8 ${primaryButton}`}>
        Till startsidan
      </Link>
    </section>
  );
}
