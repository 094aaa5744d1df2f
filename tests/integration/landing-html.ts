/**
 * What the landing-page tests read of a page over HTTP (neighbourhoods, amenities, landmarks):
 * its robots and canonical, its heading, and how a list of addresses is answered.
 */
import { visibleText, type Browser } from "#tests/app-server.ts";

export const robotsOf = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? null;
export const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
export const headingOf = (html: string) => visibleText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "").trim();

/** Each address with its status and Location: `[from, status, location]`. */
export async function redirectsOf(browser: Browser, paths: readonly string[]): Promise<Array<[string, number, string | null]>> {
  const answers: Array<[string, number, string | null]> = [];
  for (const path of paths) {
    const response = await browser.get(path);
    answers.push([path, response.status, response.headers.get("location")]);
  }
  return answers;
}

/** The addresses that are not the site's not-found page with a 404 (none, when all are). */
export async function notNotFound(browser: Browser, paths: readonly string[]): Promise<string[]> {
  const wrong: string[] = [];
  for (const path of paths) {
    const response = await browser.get(path);
    if (response.status !== 404 || !visibleText(await response.text()).includes("Sidan finns inte"))
      wrong.push(`${path}: ${response.status}`);
  }
  return wrong;
}

/** A page as these tests read it: its status, heading, robots, canonical, HTML and visible text. */
export async function pageAt(browser: Browser, path: string) {
  const response = await browser.get(path);
  const html = await response.text();
  return {
    status: response.status,
    heading: headingOf(html),
    robots: robotsOf(html),
    canonical: canonicalOf(html),
    html,
    text: visibleText(html).replace(/\s/g, " "),
  };
}
