import { useSiteName } from "#app/utils/site-name.ts";
import { href, Link } from "react-router";
import { buttonClassName } from "./ui/button.tsx";

/** The spec's not-found page: '404', the Swedish text and a link home. */
export function NotFoundPanel() {
  const siteName = useSiteName();
  return (
    <section className="container-page py-20 text-center">
      <title>{`Sidan finns inte | ${siteName}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Sidan du letar efter finns inte</h1>
      <p className="mt-2 text-muted">Adressen kan vara felstavad, eller så har sidan flyttats.</p>
      <Link to={href("/")} className={buttonClassName({ size: "lg", className: "mt-8" })}>
        Till startsidan
      </Link>
    </section>
  );
}
