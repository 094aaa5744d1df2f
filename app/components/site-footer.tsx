import { href, Link } from "react-router";

const POPULAR_COUNTRIES = [
  { to: "/Sweden", label: "Sverige" },
  { to: "/Norway", label: "Norge" },
  { to: "/Denmark", label: "Danmark" },
  { to: "/Finland", label: "Finland" },
];

const POPULAR_CITIES = [
  { to: "/Sweden/Stockholm", label: "Stockholm" },
  { to: "/Sweden/Gothenburg", label: "Göteborg" },
  { to: "/Denmark/Copenhagen", label: "Köpenhamn" },
  { to: "/Norway/Oslo", label: "Oslo" },
  { to: "/Finland/Helsinki", label: "Helsingfors" },
];

function FooterLinks({ links }: { links: Array<{ to: string; label: string }> }) {
  return (
    <ul className="space-y-2">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="text-slate-200 hover:text-white hover:underline">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The footer's columns are navigation landmarks named by their headings, not regions: what they
 * hold is links, and the home page's own "Populära destinationer" section keeps its name alone.
 */
export function SiteFooter({ siteName, year }: { siteName: string; year: number }) {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="container-page grid gap-10 py-12 md:grid-cols-3">
        <nav aria-labelledby="footer-about">
          <h2 id="footer-about" className="mb-3 text-base font-semibold text-white">
            Om oss
          </h2>
          <p className="mb-3 text-sm leading-relaxed">
            {siteName} hjälper dig att hitta och jämföra hotell i Sverige och resten av världen.
          </p>
          <FooterLinks
            links={[
              { to: href("/about"), label: "Om oss" },
              { to: href("/contact"), label: "Kontakt" },
              { to: href("/sitemap"), label: "Webbplatskarta" },
            ]}
          />
        </nav>
        <nav aria-labelledby="footer-countries">
          <h2 id="footer-countries" className="mb-3 text-base font-semibold text-white">
            Populära länder
          </h2>
          <FooterLinks links={POPULAR_COUNTRIES} />
        </nav>
        <nav aria-labelledby="footer-cities">
          <h2 id="footer-cities" className="mb-3 text-base font-semibold text-white">
            Populära städer
          </h2>
          <FooterLinks links={POPULAR_CITIES} />
        </nav>
      </div>
      <div className="border-t border-slate-700">
        <p className="container-page py-5 text-sm text-slate-300">
          © {year} {siteName}. Alla rättigheter förbehållna.
        </p>
      </div>
    </footer>
  );
}
