import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation, useRouteLoaderData } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import {
  initialView,
  mapShowsNote,
  openStreetMapUrl,
  type ListMarkers,
  type MapLandmark,
  type MapMarker,
  type MapPin,
} from "#app/hotels/map-markers.ts";
import { areaOfView, formatArea, readArea, type MapArea } from "#app/hotels/map-area.ts";
import { areaHref } from "#app/hotels/search-params.ts";
import { hotelCount } from "#app/hotels/hotel-record.ts";
import { formatCount } from "#app/utils/format.ts";
import { listAddress } from "./use-list-markers.ts";
import { buttonClassName } from "./ui/button.tsx";

const LeafletMap = lazy(() => import("#app/components/leaflet-map.client.tsx"));

const DEFAULT_TILES = {
  url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-bidragsgivare',
};

interface HotelMapProps {
  /** The page's hotels: the fallback's list, and the map's markers unless `pins` are given. */
  markers: MapMarker[];
  /** What the map marks when it is more than the page's hotels: every hotel of the list (decision 082). */
  pins?: MapPin[];
  /** Called once the map is (nearly) on screen and loads. */
  onShown?: () => void;
  /** The whole list's markers as read for the current list (`data` null: they could not be), or undefined while they are not. */
  list?: { list: string; data: ListMarkers | null };
  city?: string | null;
  country?: string | null;
  /** Accessible name of the map region. */
  label?: string;
  className?: string;
  /** The hotel (by its page's address) whose card the visitor points at, to stand out on the map. */
  activeHref?: string | null;
  /**
   * A list page's map: "Sök i det här området" after the visitor pans or zooms, with the list's
   * count (`total`, `more`) to announce once the list of the area has loaded.
   */
  areaSearch?: { total: number; more: boolean };
  /** A landmark page's landmark and the radius its list is of, marked on the map. */
  landmark?: MapLandmark | null;
}

/**
 * Without JavaScript (and while the map loads) the same place shows the hotels with their
 * addresses and a link to the area on OpenStreetMap: never an empty box.
 */
function MapFallback({ markers, city, country }: HotelMapProps) {
  const view = initialView(city, country);
  const [lat, lng] = markers[0] ? [markers[0].lat, markers[0].lng] : view.center;
  return (
    <div className="h-full overflow-y-auto bg-slate-50 p-4 text-sm">
      <p className="font-medium">
        <a href={openStreetMapUrl(lat, lng, view.zoom)} className="text-brand-700 underline" rel="noopener" target="_blank">
          Visa området på OpenStreetMap
        </a>
      </p>
      {markers.length ? (
        <ul className="mt-3 space-y-2">
          {markers.slice(0, 20).map((marker) => (
            <li key={marker.id}>
              <a href={marker.href} className="font-medium text-ink underline">
                {marker.name}
              </a>
              {marker.address ? <span className="block text-muted">{marker.address}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-muted">Inga hotell med kända koordinater att visa.</p>
      )}
    </div>
  );
}

/** True once the element is (nearly) on screen; a hidden map (closed toggle) never loads. */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/**
 * "Sök i det här området" (decision 078): after the visitor pans or zooms, a button over the map
 * lists the hotels in its view, the list's other choices kept, at a shareable address
 * (`omrade=`). The page stays (a navigation of its own route), so the map keeps its view and the
 * button its focus: it stays shown while it has focus, and a polite live region says how many
 * hotels the area holds once the list has loaded. A view too large to search asks for a zoom.
 */
function useAreaSearch(
  count: { total: number; more: boolean } | undefined,
  mapped: { list: HotelMapProps["list"]; shown: number; waiting: boolean },
) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const areaParam = new URLSearchParams(location.search).get("omrade") ?? "";
  // One object per address, so the map refits only when the area itself changes.
  const area = useMemo(() => readArea(new URLSearchParams({ omrade: areaParam })).area ?? null, [areaParam]);
  const [view, setView] = useState<{ area: MapArea | null } | null>(null);
  const [focused, setFocused] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  // The address asked for: its count is announced once the router has loaded it.
  const searching = useRef<string | null>(null);
  // Said once the map shows the area's hotels too (or could not read them), so the count is what it shows.
  const listRead = mapped.list?.list === listAddress(location.pathname, location.search) ? mapped.list : undefined;
  useEffect(() => {
    if (searching.current !== `${location.pathname}${location.search}` || navigation.state !== "idle" || !count) return;
    if (mapped.waiting && !listRead) return;
    searching.current = null;
    const found = `${hotelCount(count.total, { more: count.more, atStart: true })} i området`;
    const note = listRead?.data ? mapShowsNote(listRead.data) : null;
    setAnnouncement(
      note
        ? `${found}. ${note}`
        : listRead && !listRead.data && mapped.shown < count.total
          ? `${found}. Kartan visar de ${formatCount(mapped.shown)} på den här sidan`
          : found,
    );
  }, [navigation.state, location.pathname, location.search, count, listRead, mapped.waiting, mapped.shown]);
  if (!count) return null;
  const differs = view !== null && (view.area === null || formatArea(view.area) !== (area ? formatArea(area) : ""));
  return {
    area,
    onVisitorMove: (bounds: MapArea) => setView({ area: areaOfView(bounds) }),
    announcement,
    show: differs || focused,
    tooLarge: view !== null && view.area === null,
    buttonProps: {
      onFocus: () => setFocused(true),
      onBlur: () => setFocused(false),
      onClick: () => {
        if (!view?.area) return;
        const to = areaHref(location.pathname, new URLSearchParams(location.search), view.area);
        searching.current = to;
        setAnnouncement("");
        void navigate(to, { preventScrollReset: true });
      },
    },
  };
}

export function HotelMap(props: HotelMapProps) {
  const root = useRouteLoaderData("root") as { mapTiles?: { url: string; attribution: string } } | undefined;
  const view = initialView(props.city, props.country);
  const label = props.label ?? "Karta över hotellen";
  // Leaflet (about 45 kB gzip) is fetched only when the map scrolls into view.
  const [ref, near] = useNearViewport<HTMLElement>();
  const location = useLocation();
  const pins = props.pins ?? props.markers;
  const search = useAreaSearch(props.areaSearch, { list: props.list, shown: pins.length, waiting: props.onShown !== undefined && near });
  const { onShown } = props;
  useEffect(() => {
    if (near) onShown?.();
  }, [near, onShown]);
  const note = props.list?.data ? mapShowsNote(props.list.data) : null;
  return (
    <section
      ref={ref}
      aria-label={label}
      className={`relative overflow-hidden rounded-xl border border-slate-200 ${props.className ?? "h-[400px]"}`}
    >
      {search ? (
        <>
          {/* Before the map: Shift+Tab from the map (its arrow keys pan it) reaches it at once. */}
          <div className="pointer-events-none absolute inset-x-0 top-3 z-[1000] flex justify-center px-3">
            {search.show && !search.tooLarge ? (
              <button
                type="button"
                {...search.buttonProps}
                className={buttonClassName({ className: "pointer-events-auto rounded-full shadow-lg ring-1 ring-white/60" })}
              >
                Sök i det här området
              </button>
            ) : search.tooLarge ? (
              <p className="rounded-full bg-white px-4 py-2 text-sm font-medium shadow-lg ring-1 ring-slate-200">
                Zooma in för att söka i området
              </p>
            ) : null}
          </div>
          <p aria-live="polite" className="sr-only">
            {/* A keyboard user who zoomed out too far hears why the button is gone. */}
            {search.tooLarge ? "Zooma in för att söka i området" : search.announcement}
          </p>
        </>
      ) : null}
      {note ? (
        // Over the map's foot, left of the attribution: a longer list than the map holds (decision 082).
        <p className="pointer-events-none absolute bottom-6 left-3 z-[1000] max-w-[calc(100%-1.5rem)] rounded-md bg-white/95 px-3 py-1.5 text-xs font-medium shadow ring-1 ring-slate-200">
          {note}
        </p>
      ) : null}
      <ClientOnly fallback={<MapFallback {...props} />}>
        {() =>
          !near ? (
            <MapFallback {...props} />
          ) : (
            <Suspense fallback={<MapFallback {...props} />}>
              <LeafletMap
                markers={pins}
                fitKey={listAddress(location.pathname, location.search)}
                center={view.center}
                zoom={view.zoom}
                tiles={root?.mapTiles ?? DEFAULT_TILES}
                label={label}
                activeHref={props.activeHref ?? null}
                area={search?.area ?? null}
                onVisitorMove={search?.onVisitorMove}
                landmark={props.landmark ?? null}
              />
            </Suspense>
          )
        }
      </ClientOnly>
    </section>
  );
}
