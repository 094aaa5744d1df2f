import { href, Link } from "react-router";
import type { HotelSummary } from "#app/hotels/hotel-queries.server.ts";
import { HotelList } from "./hotel-card.tsx";
import { buttonClassName } from "./ui/button.tsx";

export interface HotelErrorData {
  kind: "not-found" | "error";
  location: string;
  /** Where 'Se alla hotell i {location}' leads. */
  placeHref: string;
  /** Where 'Gå tillbaka' leads without JavaScript (the referring page on this site, or home). */
  backHref: string;
  related: HotelSummary[];
}

/** The spec's error panel of the hotel page: not found (404) or failed to load (500). */
export function HotelErrorPanel({ error }: { error: HotelErrorData }) {
  const notFound = error.kind === "not-found";
  return (
    <div className="container-page py-12">
      <section role="alert" className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold">Det gick inte att hämta hotellet</h1>
        <p className="mt-3 text-muted">
          {notFound
            ? "Vi kunde inte hitta hotellet du letade efter. Försök igen senare eller se andra hotell."
            : "Fel: Ett tillfälligt fel uppstod när hotellet skulle hämtas. Försök igen om en stund."}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a
            href={error.backHref}
            onClick={(event) => {
              if (window.history.length > 1) {
                event.preventDefault();
                window.history.back();
              }
            }}
            className={buttonClassName({ variant: "secondary" })}
          >
            Gå tillbaka
          </a>
          {error.location ? (
            <Link to={error.placeHref} className={buttonClassName()}>
              Se alla hotell i {error.location}
            </Link>
          ) : null}
          <Link to={href("/")} className={buttonClassName({ variant: "secondary" })}>
            Till startsidan
          </Link>
        </div>
      </section>
      {error.related.length ? (
        <section aria-labelledby="related-heading" className="mt-10">
          <h2 id="related-heading" className="mb-4 text-xl font-semibold">
            Andra hotell i {error.location}
          </h2>
          <HotelList hotels={error.related} />
        </section>
      ) : null}
    </div>
  );
}
