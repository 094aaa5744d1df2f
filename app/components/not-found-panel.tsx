import { useSiteName } from "#app/utils/site-name.ts";
import { href, Link } from "react-router";

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
      <Link to={href("/")} className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700">
        Till startsidan
      </Link>
    </section>
  );
}
