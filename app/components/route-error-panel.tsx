import { useSiteName } from "#app/utils/site-name.ts";
import { href, isRouteErrorResponse } from "react-router";
import { NotFoundPanel } from "./not-found-panel.tsx";
import { buttonClassName } from "./ui/button.tsx";

/**
 * What a page that failed shows, by its status: the not-found page for 404, "Tillfälligt fel"
 * for 503 (the database is away), and a Swedish explanation for bad input, a form too large,
 * a method the page does not take, and our own errors.
 */
export function RouteErrorPanel({ error }: { error: unknown }) {
  const siteName = useSiteName();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPanel />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 503) {
    return (
      <section className="container-page py-20 text-center">
        <title>{`Tillfälligt fel | ${siteName}`}</title>
        <meta name="robots" content="noindex" />
        <p className="text-5xl font-bold text-brand-700">503</p>
        <h1 className="mt-4 text-2xl font-semibold">Tillfälligt fel</h1>
        <p className="mt-2 text-muted">
          {siteName} kan inte visa sidan just nu på grund av ett tillfälligt fel hos oss. Försök igen om en stund.
        </p>
        <a href={href("/")} className={buttonClassName({ size: "lg", className: "mt-8" })}>
          Till startsidan
        </a>
      </section>
    );
  }
  return (
    <section className="container-page py-20 text-center">
      <title>{`Något gick fel | ${siteName}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-5xl font-bold text-brand-700">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">Något gick fel</h1>
      <p className="mt-2 text-muted">
        {status === 400
          ? "Adressen eller formuläret innehöll något vi inte kunde tolka. Kontrollera och försök igen."
          : status === 413
            ? "Formuläret var för stort för att skickas. Korta texten eller välj en mindre fil och försök igen."
            : status === 405
              ? "Sidan tar inte emot formulär på det här sättet. Gå tillbaka och försök igen."
              : status < 500
                ? "Sidan kunde inte visas för den här förfrågan. Kontrollera adressen och försök igen."
                : "Ett tillfälligt fel uppstod hos oss. Försök igen om en stund."}
      </p>
      <a href={href("/")} className={buttonClassName({ size: "lg", className: "mt-8" })}>
        Till startsidan
      </a>
    </section>
  );
}
