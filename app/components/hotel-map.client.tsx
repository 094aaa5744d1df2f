/**
 * The Leaflet map. Browser-only (Leaflet touches `window` on import) and loaded lazily by
 * hotel-map.tsx, so its JavaScript and CSS arrive only on pages that show a map.
 */
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect } from "react";
import { AttributionControl, MapContainer, Marker, Popup, TileLayer, ZoomControl, useMap, useMapEvent } from "react-leaflet";
import { FIT_BOUNDS_MAX_ZOOM, FIT_BOUNDS_PADDING, MAP_MAX_ZOOM, type MapMarker } from "#app/hotels/map-markers.ts";

// A marker drawn with CSS: no image files for bundlers to lose.
const markerIcon = L.divIcon({
  className: "hotel-marker",
  html: '<span aria-hidden="true"></span>',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
  popupAnchor: [0, -26],
});

// Leaflet's own controls speak English; the site is Swedish. Its prefix without the flag it adds by default.
const ATTRIBUTION_PREFIX = '<a href="https://leafletjs.com" title="Ett JavaScript-bibliotek för interaktiva kartor">Leaflet</a>';
const CLOSE_LABEL = "Stäng";

/** Leaflet 1.9 writes "Close popup" into the popup's close button with no option to change it. */
function SwedishPopupClose() {
  useMapEvent("popupopen", (event) => {
    const button = event.popup.getElement()?.querySelector(".leaflet-popup-close-button");
    button?.setAttribute("aria-label", CLOSE_LABEL);
    button?.setAttribute("title", CLOSE_LABEL);
  });
  return null;
}

function FitBounds({ markers }: { markers: MapMarker[] }) {
  const map = useMap();
  useEffect(() => {
    if (!markers.length) return;
    const bounds = L.latLngBounds(markers.map((marker) => [marker.lat, marker.lng] as [number, number]));
    map.fitBounds(bounds, { padding: [FIT_BOUNDS_PADDING, FIT_BOUNDS_PADDING], maxZoom: FIT_BOUNDS_MAX_ZOOM });
  }, [map, markers]);
  return null;
}

export interface LeafletMapProps {
  markers: MapMarker[];
  center: [number, number];
  zoom: number;
  tiles: { url: string; attribution: string };
  label: string;
}

export default function LeafletMap({ markers, center, zoom, tiles, label }: LeafletMapProps) {
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
      {markers.map((marker) => (
        <Marker key={marker.id} position={[marker.lat, marker.lng]} icon={markerIcon} title={marker.name} alt={marker.name}>
          <Popup>
            <strong className="block">{marker.name}</strong>
            <span className="block">{[marker.locationName, marker.country].filter(Boolean).join(", ")}</span>
            <a href={marker.href}>Visa hotellet</a>
          </Popup>
        </Marker>
      ))}
      <FitBounds markers={markers} />
      <SwedishPopupClose />
    </MapContainer>
  );
}
