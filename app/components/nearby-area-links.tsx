import { Link, useLocation } from "react-router";
import type { NearbyArea } from "#app/hotels/area-clusters.server.ts";
import { areaHref } from "#app/hotels/search-params.ts";

/**
 * The map's "Sök i det här området" as links (decision 078): they work without JavaScript, and
 * keep the list's other choices like the button does.
 */
export function NearbyAreaLinks({ areas, placeName }: { areas: NearbyArea[]; placeName: string }) {
  const location = useLocation();
  if (!areas.length) return null;
  const current = new URLSearchParams(location.search);
  return (
    <nav aria-labelledby="nearby-areas" className="text-sm">
      <h2 id="nearby-areas" className="font-medium">
        Sök i en del av {placeName}
      </h2>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {areas.map((nearby) => (
          <li key={nearby.name}>
            <Link to={areaHref(location.pathname, current, nearby.area)} className="text-brand-700 underline">
              Visa hotell i närheten av {nearby.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
