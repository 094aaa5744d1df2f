/**
 * The live part of a page with dates on a client navigation (decision 067): the loader gives the
 * stored prices at once and the partners' live answers as deferred data; the page shows the stored
 * ones and "Hämtar aktuella priser…" until the live ones replace them. A document request has
 * them merged on the server already (no promise).
 */
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { Await } from "react-router";
import { LIVE_PENDING_TEXT, lateNote, withLiveListPart, type LiveListPart } from "#app/live-prices/live-offers.ts";
import type { ListPrice } from "#app/prices/price-offer.ts";

/** `children` drawn with the stored value, then again with the live one when it comes. */
export function WithLivePrices<T>({
  live,
  stored,
  children,
}: {
  live: Promise<T> | null | undefined;
  stored: T;
  children: (value: T) => ReactNode;
}) {
  if (!live) return <>{children(stored)}</>;
  return (
    <Suspense fallback={children(stored)}>
      {/* A live part that fails leaves the stored prices, as a late partner does. */}
      <Await resolve={live} errorElement={children(stored)}>
        {(value) => children(value as T)}
      </Await>
    </Suspense>
  );
}

/** A polite live region saying "Hämtar aktuella priser…" while the live part is on its way. */
export function LivePricesStatus({ live }: { live: Promise<unknown> | null | undefined }) {
  const [pending, setPending] = useState(Boolean(live));
  useEffect(() => {
    if (!live) return setPending(false);
    let current = true;
    setPending(true);
    const done = () => {
      if (current) setPending(false);
    };
    live.then(done, done);
    return () => {
      current = false;
    };
  }, [live]);
  return (
    <p aria-live="polite" className="text-sm text-muted">
      {pending ? LIVE_PENDING_TEXT : ""}
    </p>
  );
}

/** A list page's line naming the partners that did not answer in time (their stored prices are shown). */
export function LatePartnersNote({ late }: { late: readonly { partnerId: string; partnerName: string }[] }) {
  if (!late.length) return null;
  return (
    <ul aria-label="Partner som inte svarade" className="text-sm text-muted">
      {late.map((partner) => (
        <li key={partner.partnerId}>{lateNote(partner.partnerName)}</li>
      ))}
    </ul>
  );
}

type LateList = readonly { partnerId: string; partnerName: string }[];

/**
 * A list page's cards as stored, then with the live part merged in when it comes (client
 * navigations), with "Hämtar aktuella priser…" while it is on its way and the partners that did
 * not answer named above the list: the /hotels, country and place pages alike.
 */
export function WithLiveList<
  Page extends { hotels: readonly { id: string; price: ListPrice | null; soldOut: boolean }[]; late: LateList },
>({ page, live, children }: { page: Page; live: Promise<LiveListPart> | null | undefined; children: (shown: Page) => ReactNode }) {
  return (
    <>
      <LivePricesStatus live={live} />
      <WithLivePrices live={live} stored={null as LiveListPart | null}>
        {(part) => {
          const shown = part ? { ...page, hotels: withLiveListPart(page.hotels, part), late: part.late } : page;
          return (
            <>
              <LatePartnersNote late={shown.late} />
              {children(shown)}
            </>
          );
        }}
      </WithLivePrices>
    </>
  );
}
