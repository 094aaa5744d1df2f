import { href, Link } from "react-router";
import type { Route } from "./+types/about";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { absoluteUrl, jsonLd, seoMeta, siteFromMatches } from "#app/seo/meta-tags.ts";
import { SORT_LABELS } from "#app/hotels/search-params.ts";
import { buttonClassName } from "#app/components/ui/button.tsx";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return [
    ...seoMeta({
      ...site,
      title: "Om oss",
      description: `Vad ${site.siteName} är, hur vi tjänar pengar på provision från våra bokningspartner, hur vi väljer och rangordnar hotell och hur du når oss.`,
      path: href("/about"),
    }),
    jsonLd({
      "@type": "AboutPage",
      name: `Om ${site.siteName}`,
      url: absoluteUrl(site.siteUrl, href("/about")),
      inLanguage: "sv-SE",
      about: { "@type": "Organization", name: site.siteName, url: absoluteUrl(site.siteUrl, href("/")) },
    }),
  ];
}

const linkClass = "font-medium text-brand-700 underline hover:text-brand-800";

export default function About({ matches }: Route.ComponentProps) {
  const { siteName } = siteFromMatches(matches);
  return (
    <div className="container-page py-8">
      <Breadcrumbs crumbs={[{ label: "Hem", to: href("/") }, { label: "Om oss" }]} />
      <article className="mt-6 max-w-3xl space-y-10 leading-relaxed">
        <header>
          <h1 className="text-3xl font-bold">Om {siteName}</h1>
          <p className="mt-4 text-lg text-muted">
            {siteName} är en svensk tjänst för dig som ska bo på hotell. Vi samlar hotell i Sverige, övriga Norden och resten av världen på
            ett ställe, så att du snabbt kan jämföra läge, betyg, stjärnor, bekvämligheter och pris – och sedan boka hos den partner som
            säljer rummet.
          </p>
        </header>

        <section aria-labelledby="about-what" className="space-y-3">
          <h2 id="about-what" className="text-2xl font-semibold">
            Det här är {siteName}
          </h2>
          <p>
            Du kan söka på en stad, ett land eller ett hotellnamn, filtrera på antal stjärnor och se på kartan var hotellen ligger. Varje
            hotell har en egen sida med beskrivning på svenska, bilder, bekvämligheter, betyg och ett ungefärligt pris per natt. I våra{" "}
            <Link to={href("/blog")} className={linkClass}>
              reseguider
            </Link>{" "}
            tipsar redaktionen om resmål, kvarter och hur du får ut mest av resan.
          </p>
          <p>
            Vi säljer inga hotellnätter själva. När du har hittat ett hotell du gillar skickar vi dig vidare till en bokningssajt eller
            hotellkedja, där du bokar direkt till deras pris och villkor. Innan du lämnar oss visar vi vilken webbplats du är på väg till.
          </p>
        </section>

        <section aria-labelledby="about-money" className="space-y-3">
          <h2 id="about-money" className="text-2xl font-semibold">
            Så tjänar vi pengar
          </h2>
          <p>
            {siteName} är gratis att använda. Vi finansieras genom så kallade affiliateavtal: när du klickar dig vidare från oss till en av
            våra bokningspartner och bokar där, betalar partnern oss en provision på bokningen.
          </p>
          <p>
            <strong>Provisionen kostar dig ingenting extra.</strong> Priset du betalar är detsamma som om du hade gått direkt till partnerns
            webbplats, och avbokning, betalning och kundservice sköts av partnern enligt deras villkor.
          </p>
          <p>
            När du klickar på en bokningslänk registrerar vi vilket hotell klicket gällde och när det skedde, men inte din IP-adress.
            Partnern kan använda egna cookies för att se att bokningen kom via oss; läs mer om det i partnerns integritetspolicy.
          </p>
        </section>

        <section aria-labelledby="about-ranking" className="space-y-3">
          <h2 id="about-ranking" className="text-2xl font-semibold">
            Hur vi väljer och rangordnar hotell
          </h2>
          <p>
            Hotellen i katalogen kommer från våra partners hotellutbud. Betyg (på en skala från 0 till 10), antal omdömen,
            stjärnklassificering och bekvämligheter visar vi så som de har registrerats hos källan. Beskrivningarna kommer också från
            källan, och redaktionen skriver successivt om dem på svenska, delvis med hjälp av AI.
          </p>
          <p>Du väljer själv hur listorna sorteras:</p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              <strong>{SORT_LABELS.rekommenderat}</strong> (förvalt) visar först hotell som går att boka via någon av våra partner, och
              sorterar sedan efter högst betyg och flest omdömen. Det betyder att våra partneravtal påverkar ordningen i den här
              sorteringen.
            </li>
            <li>
              <strong>{SORT_LABELS.pris}</strong>, <strong>{SORT_LABELS.betyg}</strong> och <strong>{SORT_LABELS.stjarnor}</strong> sorterar
              enbart på pris, betyg respektive stjärnor. Där spelar det ingen roll om vi får provision eller inte.
            </li>
            <li>
              <strong>{SORT_LABELS.avstand}</strong> (på en plats sida) sorterar efter avståndet fågelvägen till platsens centrum, eller
              till den plats i närheten du har valt, till exempel en station. Hotell utan känt läge kommer sist.
            </li>
          </ul>
          <p>
            Priserna är vägledande och uppdateras inte i realtid. Det aktuella priset och villkoren är alltid de som partnern visar när du
            bokar.
          </p>
        </section>

        <section aria-labelledby="about-independence" className="space-y-3">
          <h2 id="about-independence" className="text-2xl font-semibold">
            Vårt oberoende
          </h2>
          <p>
            Ingen partner eller hotell kan betala för ett bättre betyg, fler stjärnor eller en bättre beskrivning hos oss. Betyg och omdömen
            ändrar vi aldrig. Reseguiderna skrivs av redaktionen och tipsar om det vi själva tycker är värt att se – oavsett om vi har en
            partner på orten eller inte.
          </p>
          <p>
            Hittar du något som är fel, till exempel en adress eller en bekvämlighet som inte stämmer, vill vi gärna veta det så att vi kan
            rätta det.
          </p>
        </section>

        <section aria-labelledby="about-contact" className="space-y-3 rounded-xl bg-brand-50 p-6">
          <h2 id="about-contact" className="text-2xl font-semibold">
            Kontakta oss
          </h2>
          <p>
            Har du synpunkter på webbplatsen, har du hittat ett fel eller vill du samarbeta med oss? Skriv till oss via kontaktformuläret,
            så svarar vi så snart vi kan. Gäller det en bokning du redan har gjort vänder du dig till partnern du bokade hos – det är de som
            har din bokning.
          </p>
          <p>
            <Link to={href("/contact")} className={buttonClassName({ size: "lg" })}>
              Till kontaktformuläret
            </Link>
          </p>
        </section>
      </article>
    </div>
  );
}
