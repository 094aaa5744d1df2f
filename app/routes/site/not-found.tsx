import { data } from "react-router";
import { NotFoundPanel } from "#app/components/not-found-panel.tsx";

/** Any path no other route claims, and the old site's /flights, /rentals and /explore. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPanel />;
}
