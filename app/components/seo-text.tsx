import { href, Link } from "react-router";
import { countryPath, hotelsSearchPath, placePath } from "#app/utils/paths.ts";

/**
 * Popular destinations named in the SEO text, by the catalogue's name of the page's country.
 * Written in Swedish: ?location= understands Swedish names.
 */
export const SEO_DESTINATIONS: Record<string, string[]> = {
  Sweden: ["Stockholm", "Göteborg", "Malmö", "Uppsala"],
  Norway: ["Oslo", "Bergen", "Trondheim", "Stavanger"],
  Denmark: ["Köpenhamn", "Aarhus", "Odense", "Aalborg"],
};
const DEFAULT_DESTINATIONS = ["Stockholm", "Oslo", "Köpenhamn", "Helsingfors"];

export function seoDestinations(country?: string | null): string[] {
  return (country && SEO_DESTINATIONS[country]) || DEFAULT_DESTINATIONS;
}

const inlineLink = "font-medium text-brand-700 underline hover:text-brand-800";

/** The long Swedish text block at the foot of the home and country pages. */
export function SeoText({ country }: { country?: string | null }) {
  const destinations = seoDestinations(country);
  return (
    <section aria-labelledby="seo-text-heading" className="container-page py-12">
      <div className="max-w-3xl space-y-4 leading-relaxed text-muted">
        <h2 id="seo-text-heading" className="text-2xl font-semibold text-ink">
          Hitta och jämför hotell inför din nästa resa
        </h2>
        <p>
          Hos oss jämför du hotell i hela Norden och resten av världen på ett ställe. Sök på en stad, ett land eller ett hotellnamn,
          filtrera på antal stjärnor och se direkt på kartan var hotellet ligger. När du har hittat rätt boende skickar vi dig vidare till
          vår partner, där du bokar till deras aktuella pris.
        </p>
        <h3 className="text-lg font-semibold text-ink">Populära resmål just nu</h3>
        <p>
          Många av våra besökare letar hotell i{" "}
          {destinations.map((name, index) => (
            <span key={name}>
              <Link to={hotelsSearchPath({ location: name })} className={inlineLink}>
                {name}
              </Link>
              {index < destinations.length - 2 ? ", " : index === destinations.length - 2 ? " och " : ""}
            </span>
          ))}
          . Vill du stanna i Sverige? Utforska{" "}
          <Link to={countryPath("Sweden") ?? href("/hotels")} className={inlineLink}>
            hotell i Sverige
          </Link>
          , till exempel i{" "}
          <Link to={placePath("Sweden", "Stockholm") ?? href("/hotels")} className={inlineLink}>
            Stockholm
          </Link>
          ,{" "}
          <Link to={placePath("Sweden", "Gothenburg") ?? href("/hotels")} className={inlineLink}>
            Göteborg
          </Link>{" "}
          eller{" "}
          <Link to={placePath("Sweden", "Malmö") ?? href("/hotels")} className={inlineLink}>
            Malmö
          </Link>
          .
        </p>
        <h3 className="text-lg font-semibold text-ink">Grannländerna</h3>
        <p>
          Norden bjuder på allt från fjäll och fjordar till designhotell i huvudstäderna. Se våra hotell i{" "}
          <Link to={countryPath("Norway") ?? href("/hotels")} className={inlineLink}>
            Norge
          </Link>
          ,{" "}
          <Link to={countryPath("Denmark") ?? href("/hotels")} className={inlineLink}>
            Danmark
          </Link>{" "}
          och{" "}
          <Link to={countryPath("Finland") ?? href("/hotels")} className={inlineLink}>
            Finland
          </Link>
          .
        </p>
        <h3 className="text-lg font-semibold text-ink">Tips och reseguider</h3>
        <p>
          Inspiration, packlistor och guider till städer och kvarter hittar du i våra{" "}
          <Link to={href("/blog")} className={inlineLink}>
            reseguider
          </Link>
          . Där tipsar vi om när det är bäst att resa, vilka områden som passar familjer och hur du får mest ut av en långhelg.
        </p>
      </div>
    </section>
  );
}
