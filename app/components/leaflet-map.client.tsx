/**
 * The Leaflet map. Browser-only (Leaflet touches `window` on import) and loaded lazily by
 * hotel-map.tsx, so its JavaScript and CSS arrive only on pages that show a map.
 *
 * Markers are drawn with CSS and show the hotel's price; nearby hotels merge into a cluster
 * ('12 hotell') that zooms in when chosen. Each marker is a keyboard-reachable button whose
 * accessible name (aria-label) is the hotel and its price, each cluster's its count. Enter or
 * Space opens a marker's popup and moves focus into it; Escape closes it and returns focus to
 * the marker. Enter or Space on a cluster zooms in.
 */
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useMemo, useRef, useState } from "react";
import { AttributionControl, Circle, MapContainer, Marker, Popup, TileLayer, ZoomControl, useMap, useMapEvent } from "react-leaflet";
import Supercluster, { type AnyProps } from "supercluster";
import {
  clusterLabel,
  escapeHtml,
  FIT_BOUNDS_MAX_ZOOM,
  FIT_BOUNDS_PADDING,
  MAP_MAX_ZOOM,
  markerLabel,
  type MapLandmark,
  type MapPin,
} from "#app/hotels/map-markers.ts";
import type { MapArea } from "#app/hotels/map-area.ts";

// Leaflet's own controls speak English; the site is Swedish. Its prefix without the flag it adds by default.
const ATTRIBUTION_PREFIX = '<a href="https://leafletjs.com" title="Ett JavaScript-bibliotek för interaktiva kartor">Leaflet</a>';
const CLOSE_LABEL = "Stäng";
/** Past this zoom every hotel stands alone (hotels in one building still merge below it). */
const CLUSTER_MAX_ZOOM = 16;
/**
 * How near markers merge, in supercluster's units (512 per tile, so half that in Leaflet's
 * 256-pixel tiles): about 60 px on screen, as a price pill is about 75 px wide.
 */
const CLUSTER_RADIUS = 120;

/** Pixels per character of a marker's 13 px bold text, and the pill's padding and tail. */
const CHAR_WIDTH = 7.6;
const PILL_PADDING = 20;
const PILL_HEIGHT = 26;
const TAIL = 7;

/** A pill's width for its text: Leaflet needs the size up front to anchor the icon. */
const pillWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH) + PILL_PADDING;

/**
 * A DivIcon whose element carries `name` as its aria-label. Leaflet makes that element the
 * marker's button (role, tabindex); a name on the button itself is announced everywhere, where
 * a title or text inside it is not (touch screen readers, HTML_CodeSniffer's WCAG 4.1.2).
 */
function namedIcon(options: L.DivIconOptions, name: string): L.DivIcon {
  const icon = L.divIcon(options);
  const createIcon = icon.createIcon.bind(icon);
  icon.createIcon = (oldIcon) => {
    const element = createIcon(oldIcon);
    element.setAttribute("aria-label", name);
    return element;
  };
  return icon;
}

/** A marker's icon: the price in a pill pointing at the hotel (a pin when the price is unknown). */
function markerIcon(marker: MapPin, active: boolean): L.DivIcon {
  const state = active ? " is-active" : "";
  if (!marker.price) {
    return namedIcon(
      {
        className: `hotel-marker${state}`,
        html: '<span class="hotel-marker-pin"></span>',
        iconSize: [28, 28],
        iconAnchor: [14, 28],
        popupAnchor: [0, -26],
      },
      markerLabel(marker),
    );
  }
  const width = pillWidth(marker.price);
  return namedIcon(
    {
      className: `hotel-price-marker${state}`,
      html: `<span>${escapeHtml(marker.price)}</span>`,
      iconSize: [width, PILL_HEIGHT],
      iconAnchor: [width / 2, PILL_HEIGHT + TAIL],
      popupAnchor: [0, -(PILL_HEIGHT + TAIL)],
    },
    markerLabel(marker),
  );
}

/** A cluster: a dark pill centred on its hotels' middle, '12 hotell'. */
function clusterIcon(count: number, active: boolean): L.DivIcon {
  const label = clusterLabel(count);
  const width = pillWidth(label) + 4;
  return namedIcon(
    {
      className: `hotel-cluster${active ? " is-active" : ""}`,
      html: `<span>${escapeHtml(label)}</span>`,
      iconSize: [width, PILL_HEIGHT + 2],
      iconAnchor: [width / 2, (PILL_HEIGHT + 2) / 2],
    },
    label,
  );
}

/** Enter or Space on a marker's button (Leaflet itself answers only Enter, and only for popups). */
function isActivation(event: L.LeafletEvent): boolean {
  const key = ((event as L.LeafletKeyboardEvent).originalEvent as KeyboardEvent | undefined)?.key;
  if (key !== "Enter" && key !== " ") return false;
  // No page scroll for Space, and no keypress after it for Leaflet to toggle the popup shut again.
  (event as L.LeafletKeyboardEvent).originalEvent.preventDefault();
  return true;
}

/** Leaflet 1.9 writes "Close popup" into the popup's close button with no option to change it. */
function SwedishPopupClose() {
  useMapEvent("popupopen", (event) => {
    const button = event.popup.getElement()?.querySelector(".leaflet-popup-close-button");
    button?.setAttribute("aria-label", CLOSE_LABEL);
    button?.setAttribute("title", CLOSE_LABEL);
  });
  return null;
}

function fitTo(map: L.Map, markers: MapPin[]) {
  if (!markers.length) return;
  const bounds = L.latLngBounds(markers.map((marker) => [marker.lat, marker.lng] as [number, number]));
  // At once, not animated: a marker the visitor reaches for mid-flight could be re-clustered under them.
  map.fitBounds(bounds, { padding: [FIT_BOUNDS_PADDING, FIT_BOUNDS_PADDING], maxZoom: FIT_BOUNDS_MAX_ZOOM, animate: false });
}

/** The area as Leaflet's bounds (east past 180 for an area across the antimeridian). */
function areaBounds(area: MapArea): L.LatLngBounds {
  return L.latLngBounds([area.south, area.west], [area.north, area.east < area.west ? area.east + 360 : area.east]);
}

/**
 * Shows every result: fits the view to the markers (to the area of a list of the map's area,
 * left as it is when the view already shows it: the visitor's own pan and zoom), and again when
 * the map's box changes size from nothing (a map opened full-screen after it was hidden) until
 * the visitor moves it. A new list (`fitKey`) fits at once; more markers of the same list (the
 * whole list's, after the page's) fit only while the visitor has not moved the map.
 */
function FitBounds({ markers, area, fitKey }: { markers: MapPin[]; area: MapArea | null; fitKey: string | null }) {
  const map = useMap();
  const moved = useRef(false);
  const fitted = useRef<{ key: string | null; area: MapArea | null } | null>(null);
  const fit = () => {
    if (!area) return fitTo(map, markers);
    if (!map.getBounds().contains(areaBounds(area))) map.fitBounds(areaBounds(area), { animate: false });
  };
  useEffect(() => {
    const same = fitted.current !== null && fitted.current.key === fitKey && fitted.current.area === area;
    fitted.current = { key: fitKey, area };
    if (same && moved.current) return;
    moved.current = false;
    fit();
  }, [map, markers, area, fitKey]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const container = map.getContainer();
    const markMoved = () => (moved.current = true);
    container.addEventListener("pointerdown", markMoved);
    container.addEventListener("keydown", markMoved);
    // Reaching a marker by keyboard is the visitor taking over too: no refit under their focus.
    container.addEventListener("focusin", markMoved);
    let wasEmpty = container.clientWidth === 0;
    const observer = new ResizeObserver(() => {
      const empty = container.clientWidth === 0;
      if (empty) return void (wasEmpty = true);
      map.invalidateSize();
      if (wasEmpty && !moved.current) fit();
      wasEmpty = false;
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      container.removeEventListener("pointerdown", markMoved);
      container.removeEventListener("keydown", markMoved);
      container.removeEventListener("focusin", markMoved);
    };
  }, [map, markers, area]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/**
 * Tells `onMove` the view's bounds each time the visitor has panned or zoomed (pointer, wheel,
 * keyboard: the map's arrow keys and + and -), not when the map fits itself to the results.
 */
function VisitorMoves({ onMove }: { onMove: (bounds: MapArea) => void }) {
  const map = useMap();
  const touched = useRef(false);
  useEffect(() => {
    const container = map.getContainer();
    const touch = () => (touched.current = true);
    container.addEventListener("pointerdown", touch);
    container.addEventListener("keydown", touch);
    container.addEventListener("wheel", touch);
    return () => {
      container.removeEventListener("pointerdown", touch);
      container.removeEventListener("keydown", touch);
      container.removeEventListener("wheel", touch);
    };
  }, [map]);
  useMapEvent("moveend", () => {
    if (!touched.current) return;
    const bounds = map.getBounds();
    onMove({ south: bounds.getSouth(), west: bounds.getWest(), north: bounds.getNorth(), east: bounds.getEast() });
  });
  return null;
}

type Cluster = Supercluster<MapPin, AnyProps>;

/** The current view's clusters and single hotels, recomputed when the map stops moving. */
function useClusters(index: Cluster) {
  const map = useMap();
  const read = (of: Cluster) => {
    const bounds = map.getBounds();
    const bbox: [number, number, number, number] = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()];
    return { index: of, features: of.getClusters(bbox, Math.round(map.getZoom())) };
  };
  const [clusters, setRead] = useState(() => read(index));
  // The features go with the index they were read from: a cluster id means nothing to another
  // index (the whole list's markers replacing the page's threw "No cluster with the specified id").
  const current = clusters.index === index ? clusters : read(index);
  useEffect(() => {
    if (clusters.index !== index) setRead(current);
  }, [index]); // eslint-disable-line react-hooks/exhaustive-deps
  useMapEvent("moveend", () => setRead(read(index)));
  return current.features;
}

function HotelMarker({ marker, active }: { marker: MapPin; active: boolean }) {
  const map = useMap();
  const icon = useMemo(() => markerIcon(marker, active), [marker, active]);
  const byKeyboard = useRef(false);
  const eventHandlers = useMemo<L.LeafletEventHandlerFnMap>(() => {
    let closeOnEscape: ((event: KeyboardEvent) => void) | null = null;
    return {
      keydown: (event) => {
        if (!isActivation(event)) return;
        byKeyboard.current = true;
        (event.target as L.Marker).openPopup();
      },
      popupopen: (event) => {
        const layer = event.target as L.Marker;
        const popup = (event as L.PopupEvent).popup.getElement();
        // A dialog named by the hotel: where focus lands when the keyboard opened it.
        popup?.setAttribute("role", "dialog");
        popup?.setAttribute("aria-label", marker.name);
        popup?.setAttribute("tabindex", "-1");
        if (byKeyboard.current) popup?.focus({ preventScroll: true });
        byKeyboard.current = false;
        // Escape from the marker or the popup closes the popup only (not a full-screen map around it).
        closeOnEscape = (key) => {
          if (key.key !== "Escape") return;
          key.preventDefault();
          key.stopPropagation();
          layer.closePopup();
          layer.getElement()?.focus({ preventScroll: true });
        };
        map.getContainer().addEventListener("keydown", closeOnEscape);
      },
      popupclose: () => {
        if (closeOnEscape) map.getContainer().removeEventListener("keydown", closeOnEscape);
        closeOnEscape = null;
      },
    };
  }, [map, marker.name]);
  return (
    <Marker position={[marker.lat, marker.lng]} icon={icon} zIndexOffset={active ? 1000 : 0} eventHandlers={eventHandlers}>
      <Popup>
        <strong className="block">{marker.name}</strong>
        <span className="block">{[marker.locationName, marker.country].filter(Boolean).join(", ")}</span>
        {marker.priceLabel ? <span className="block">{marker.priceLabel}</span> : null}
        <a href={marker.href}>Visa hotellet</a>
      </Popup>
    </Marker>
  );
}

function ClusterMarker({
  index,
  id,
  count,
  lat,
  lng,
  active,
}: {
  index: Cluster;
  id: number;
  count: number;
  lat: number;
  lng: number;
  active: boolean;
}) {
  const map = useMap();
  const icon = useMemo(() => clusterIcon(count, active), [count, active]);
  const zoomIn = () => map.flyTo([lat, lng], Math.min(index.getClusterExpansionZoom(id), MAP_MAX_ZOOM), { duration: 0.4 });
  return (
    <Marker
      position={[lat, lng]}
      icon={icon}
      zIndexOffset={active ? 1000 : 500}
      eventHandlers={{
        click: zoomIn,
        keydown: (event) => {
          if (!isActivation(event)) return;
          // The cluster goes away as it splits: focus stays in the map, whose arrow keys pan it.
          map.getContainer().focus({ preventScroll: true });
          zoomIn();
        },
      }}
    />
  );
}

function ClusteredMarkers({ markers, activeHref }: { markers: MapPin[]; activeHref: string | null }) {
  const index = useMemo(() => {
    const cluster: Cluster = new Supercluster({ radius: CLUSTER_RADIUS, maxZoom: CLUSTER_MAX_ZOOM });
    cluster.load(
      markers.map((marker) => ({
        type: "Feature",
        properties: marker,
        geometry: { type: "Point", coordinates: [marker.lng, marker.lat] },
      })),
    );
    return cluster;
  }, [markers]);
  const features = useClusters(index);
  return (
    <>
      {features.map((feature) => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        if ("cluster" in feature.properties && feature.properties.cluster) {
          const id = feature.properties.cluster_id as number;
          const active = activeHref !== null && index.getLeaves(id, Infinity).some((leaf) => leaf.properties.href === activeHref);
          return (
            <ClusterMarker
              key={`c${id}`}
              index={index}
              id={id}
              count={feature.properties.point_count as number}
              lat={lat}
              lng={lng}
              active={active}
            />
          );
        }
        const marker = feature.properties as MapPin;
        return <HotelMarker key={marker.id} marker={marker} active={marker.href === activeHref} />;
      })}
    </>
  );
}

/**
 * The landmark as a labelled pin and its radius as a dashed circle. Neither is interactive: the
 * hotels are what the map's keys and clicks reach, and the map's name already says the landmark.
 */
function LandmarkMark({ landmark }: { landmark: MapLandmark }) {
  const icon = useMemo(
    () =>
      L.divIcon({
        className: "landmark-marker",
        html: `<span class="landmark-marker-dot"></span><span class="landmark-marker-name">${escapeHtml(landmark.name)}</span>`,
        iconSize: [0, 0],
        iconAnchor: [0, 0],
      }),
    [landmark.name],
  );
  return (
    <>
      <Circle
        center={[landmark.lat, landmark.lng]}
        radius={landmark.radiusMetres}
        interactive={false}
        pathOptions={{ color: "#0b5cad", weight: 2, dashArray: "6 6", fillOpacity: 0.04 }}
      />
      <Marker position={[landmark.lat, landmark.lng]} icon={icon} interactive={false} keyboard={false} zIndexOffset={-1000} />
    </>
  );
}

export interface LeafletMapProps {
  markers: MapPin[];
  center: [number, number];
  zoom: number;
  tiles: { url: string; attribution: string };
  label: string;
  /** The list the markers are of (its address without the page number): a new one refits the map. */
  fitKey?: string | null;
  /** The hotel (by its marker's href) whose card the visitor points at: its marker stands out. */
  activeHref?: string | null;
  /** The map's area the list is of (`omrade`): the map shows it rather than fitting to the markers. */
  area?: MapArea | null;
  /** Called with the view's bounds after the visitor pans or zooms ("Sök i det här området"). */
  onVisitorMove?: (bounds: MapArea) => void;
  /** A landmark page's landmark and radius. */
  landmark?: MapLandmark | null;
}

export default function LeafletMap({
  markers,
  center,
  zoom,
  tiles,
  label,
  activeHref = null,
  area = null,
  fitKey = null,
  onVisitorMove,
  landmark = null,
}: LeafletMapProps) {
  return (
    <MapContainer
      center={center}
      zoom={zoom}
      maxZoom={MAP_MAX_ZOOM}
      scrollWheelZoom={false}
      zoomControl={false}
      attributionControl={false}
      className="h-full w-full"
      aria-label={label}
    >
      <ZoomControl zoomInTitle="Zooma in" zoomOutTitle="Zooma ut" />
      <AttributionControl prefix={ATTRIBUTION_PREFIX} />
      <TileLayer url={tiles.url} attribution={tiles.attribution} maxZoom={MAP_MAX_ZOOM} />
      {landmark ? <LandmarkMark landmark={landmark} /> : null}
      <ClusteredMarkers markers={markers} activeHref={activeHref} />
      <FitBounds markers={markers} area={area} fitKey={fitKey} />
      {onVisitorMove ? <VisitorMoves onMove={onVisitorMove} /> : null}
      <SwedishPopupClose />
    </MapContainer>
  );
}
