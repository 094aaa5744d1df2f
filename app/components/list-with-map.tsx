import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { HotelSummary } from "#app/hotels/hotel-queries.server.ts";
import { hotelCount } from "#app/hotels/hotel-record.ts";
import { toMapMarkers, withPageMarkers, type MapLandmark } from "#app/hotels/map-markers.ts";
import { NO_PRICE_CHOICES, withPriceChoices, type PriceChoices } from "#app/hotels/search-params.ts";
import { SEK_DISPLAY, type PriceDisplay } from "#app/utils/money.ts";
import { NO_STAY, withStay, type Stay } from "#app/utils/stay.ts";
import { HotelMap } from "./hotel-map.tsx";
import { useListMarkers } from "./use-list-markers.ts";

/** The map's and the list's anchors: `#karta` opens the map full-screen below 1024 px (app.css). */
export const MAP_ANCHOR = "karta";
export const LIST_ANCHOR = "lista";

/** The hotel page a card links to (its heading's link), or null outside a card. */
function cardHref(target: EventTarget | null): string | null {
  const article = target instanceof Element ? target.closest("article") : null;
  const link = article?.querySelector("h3 a[href]") ?? article?.querySelector("a[href]");
  return link?.getAttribute("href") ?? null;
}

/**
 * Lights up the marker of the card the visitor points at or tabs into. The card's own link is
 * the marker's address (both keep the stay), so the cards need no extra attribute.
 */
function usePointedCard() {
  const ref = useRef<HTMLDivElement>(null);
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const point = (event: Event) => setHref(cardHref(event.target));
    const leave = () => setHref(null);
    const blur = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node) || !list.contains(event.relatedTarget)) setHref(null);
    };
    list.addEventListener("mouseover", point);
    list.addEventListener("focusin", point);
    list.addEventListener("mouseleave", leave);
    list.addEventListener("focusout", blur);
    return () => {
      list.removeEventListener("mouseover", point);
      list.removeEventListener("focusin", point);
      list.removeEventListener("mouseleave", leave);
      list.removeEventListener("focusout", blur);
    };
  }, []);
  return [ref, href] as const;
}

/**
 * With JavaScript, closing goes back in history when the map was opened from this page's
 * "Karta" link (the list returns where the visitor left it), and Escape closes too. Without it,
 * "Stäng kartan" is a link to the top of the list.
 */
function useMapClosing() {
  const openedHere = useRef(false);
  const close = (event?: { preventDefault(): void }) => {
    if (!openedHere.current) return;
    event?.preventDefault();
    openedHere.current = false;
    window.history.back();
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || window.location.hash !== `#${MAP_ANCHOR}`) return;
      if (openedHere.current) close();
      else window.location.hash = LIST_ANCHOR;
    };
    const onHash = () => {
      if (window.location.hash !== `#${MAP_ANCHOR}`) openedHere.current = false;
    };
    document.addEventListener("keydown", onKey);
    window.addEventListener("hashchange", onHash);
    return () => {
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("hashchange", onHash);
    };
  }, []);
  return { opened: () => (openedHere.current = true), close };
}

function MapIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Zm0 0v14m6-12v14" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A list page's hotels and their map. From 1024 px the map sits beside the list (sticky) or
 * above it. Below that the list takes the width and a "Karta" link, sticky at the bottom of the
 * screen, opens the map full-screen through its anchor (CSS :target): the same with JavaScript
 * off, where the map's place shows its fallback list of hotels.
 */
export function ListWithMap({
  hotels,
  city,
  country,
  label = "Karta över hotellen",
  placement = "side",
  stay = NO_STAY,
  choices = NO_PRICE_CHOICES,
  display = SEK_DISPLAY,
  count,
  landmark,
  children,
}: {
  hotels: HotelSummary[];
  city?: string | null;
  country?: string | null;
  /** Accessible name of the map region. */
  label?: string;
  /** On wide screens: beside the list (sticky, full height) or above it. */
  placement?: "side" | "top";
  /** The visitor's stay, kept by the popups' links. */
  stay?: Stay;
  /** The offer's conditions and display currency, kept by the popups' links too. */
  choices?: PriceChoices;
  /** The currency the markers show amounts in (the cards'). */
  display?: PriceDisplay;
  /**
   * The list's count: with it, the map shows every hotel of the list (decision 082), offers "Sök i
   * det här området" and announces the area's count.
   */
  count?: { total: number; more: boolean };
  /** A landmark page's landmark and radius, marked on the map. */
  landmark?: MapLandmark | null;
  /** The list. */
  children: ReactNode;
}) {
  const side = placement === "side";
  const markers = useMemo(
    () => toMapMarkers(hotels, display).map((marker) => ({ ...marker, href: withPriceChoices(withStay(marker.href, stay), choices) })),
    [hotels, stay, choices, display],
  );
  // The page's own markers at once; the whole list's once the map is on screen and they have arrived.
  const [mapOnScreen, setMapOnScreen] = useState(false);
  const showMap = useCallback(() => setMapOnScreen(true), []);
  const wholeList = useListMarkers(count !== undefined && mapOnScreen);
  const pins = useMemo(
    () =>
      withPageMarkers(
        markers,
        wholeList?.data?.markers.map((pin) => ({ ...pin, href: withPriceChoices(withStay(pin.href, stay), choices) })) ?? null,
      ),
    [markers, wholeList, stay, choices],
  );
  const [listRef, activeHref] = usePointedCard();
  const closing = useMapClosing();

  const list = (
    <div ref={listRef} id={LIST_ANCHOR} className="min-w-0 scroll-mt-4">
      {children}
      {markers.length ? (
        // After the list, sticky at the bottom centre of the screen while the list is on it: it
        // covers no card's picture or price at the top, and once the list ends it rests in a
        // space of its own below the last card (never over the footer).
        <p className="pointer-events-none sticky bottom-4 z-20 mt-4 flex justify-center lg:hidden">
          <a
            href={`#${MAP_ANCHOR}`}
            onClick={closing.opened}
            className="pointer-events-auto inline-flex items-center gap-2 rounded-full bg-ink px-5 py-3 text-sm font-semibold text-white shadow-lg ring-1 ring-white/40 hover:bg-brand-800"
          >
            <MapIcon />
            Karta
          </a>
        </p>
      ) : null}
    </div>
  );
  const map = (
    <div id={MAP_ANCHOR} className={`map-panel ${side ? "lg:sticky lg:top-6" : ""}`}>
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 lg:hidden">
        <p className="min-w-0 truncate">
          <span className="font-semibold">Karta</span> <span className="text-muted">· {hotelCount(pins.length)}</span>
        </p>
        <a
          href={`#${LIST_ANCHOR}`}
          onClick={closing.close}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          <span aria-hidden="true">✕</span> Stäng kartan
        </a>
      </div>
      <HotelMap
        markers={markers}
        pins={pins}
        onShown={showMap}
        list={wholeList}
        city={city}
        country={country}
        label={label}
        activeHref={activeHref}
        areaSearch={count}
        landmark={landmark}
        className={side ? "h-[calc(100dvh-3rem)]" : "h-[360px]"}
      />
    </div>
  );
  return side ? (
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start lg:gap-6">
      {list}
      {map}
    </div>
  ) : (
    <div className="space-y-6">
      {map}
      {list}
    </div>
  );
}
