/**
 * What crawlers read: title with the site-name suffix, description, canonical URL on the
 * configured origin, Open Graph (sv_SE, default 1200×630 image) and noindex where asked.
 * Every social image has its text alternative (og:image:alt, twitter:image:alt) for people
 * who cannot see the card. Pure; used by every route's `meta`.
 */
import { href } from "react-router";
import { DEFAULT_SITE_NAME } from "#app/utils/site-name.ts";
import { hotelPath } from "#app/utils/paths.ts";

export const DEFAULT_SOCIAL_IMAGE = {
  path: "/og-default.png",
  width: 1200,
  height: 630,
  /** What public/og-default.png shows. */
  alt: "Hotellguidens logotyp, ett hus med en säng, och texten Hotellguiden – hitta och jämför hotell",
};

export interface SocialImage {
  /** Absolute, or a path on the site. */
  src: string;
  /** Swedish, saying what the picture shows (the hotel, the post). */
  alt: string;
}

export interface SeoInput {
  title: string;
  description: string;
  siteName: string;
  /** The configured origin, e.g. https://hotellguiden.se. */
  siteUrl: string;
  /** Path (and query, if it identifies the page) of the canonical URL. */
  path: string;
  image?: SocialImage;
  type?: "website" | "article";
  noindex?: boolean;
}

type Meta = Record<string, unknown>;

export function withSiteName(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl).toString();
}

export function seoMeta(input: SeoInput): Meta[] {
  const title = withSiteName(input.title, input.siteName);
  const url = absoluteUrl(input.siteUrl, input.path);
  const image = input.image ?? { src: DEFAULT_SOCIAL_IMAGE.path, alt: DEFAULT_SOCIAL_IMAGE.alt };
  const meta: Meta[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: input.siteName },
    { property: "og:locale", content: "sv_SE" },
    { property: "og:image", content: absoluteUrl(input.siteUrl, image.src) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image:alt", content: image.alt },
  ];
  if (!input.image) {
    meta.push(
      { property: "og:image:width", content: String(DEFAULT_SOCIAL_IMAGE.width) },
      { property: "og:image:height", content: String(DEFAULT_SOCIAL_IMAGE.height) },
    );
  }
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}

/** A JSON-LD block for `meta` (React Router renders it as <script type="application/ld+json">). */
export function jsonLd(data: Record<string, unknown>): Meta {
  return { "script:ld+json": { "@context": "https://schema.org", ...data } };
}

export function breadcrumbJsonLd(siteUrl: string, crumbs: Array<{ label: string; path: string }>): Meta {
  return jsonLd({
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  });
}

/** The site name and origin from the root route's data, for a route's `meta`. */
export function siteFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): { siteName: string; siteUrl: string } {
  const root = matches.find((match) => match?.id === "root")?.data as { siteName?: string; siteUrl?: string } | undefined;
  return { siteName: root?.siteName ?? DEFAULT_SITE_NAME, siteUrl: root?.siteUrl ?? "http://localhost:3000" };
}

/** `ItemList` of the first 10 hotels of a list page that have a page (descriptions cut to 150 characters). */
export function hotelItemListJsonLd(
  siteUrl: string,
  hotels: ReadonlyArray<{ name: string; description: string; image_path: string } & Parameters<typeof hotelPath>[0]>,
): Record<string, unknown> {
  const listed = hotels.flatMap((hotel) => {
    const href = hotelPath(hotel);
    return href ? [{ ...hotel, href }] : [];
  });
  return jsonLd({
    "@type": "ItemList",
    itemListElement: listed.slice(0, 10).map((hotel, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: {
        "@type": "Hotel",
        name: hotel.name,
        url: absoluteUrl(siteUrl, hotel.href),
        image: absoluteUrl(siteUrl, hotel.image_path),
        ...(hotel.description
          ? { description: hotel.description.length > 150 ? `${hotel.description.slice(0, 147).trimEnd()}…` : hotel.description }
          : {}),
      },
    })),
  });
}

/**
 * A landing page's head (an amenity's or a landmark's, decisions 079 and 080): its heading as the
 * title, its introduction as the description, its hotels and breadcrumbs as JSON-LD; the site's
 * not-found head without data.
 */
export function landingMeta(
  matches: Parameters<typeof siteFromMatches>[0],
  page:
    | {
        heading: string;
        intro: string;
        page: { names: { country: string; location: string }; hotels: Parameters<typeof hotelItemListJsonLd>[1] };
        paths: { country: string; place: string; page: string };
        /** From five hotels, as the plain page (decision 079). */
        indexable: boolean;
      }
    | null
    | undefined,
) {
  const { siteName, siteUrl } = siteFromMatches(matches);
  if (!page) return [{ title: `Sidan finns inte | ${siteName}` }, { name: "robots", content: "noindex" }];
  const { names } = page.page;
  return [
    ...seoMeta({
      title: page.heading,
      description: `${page.intro} Jämför betyg och priser och boka hos våra partner.`,
      siteName,
      siteUrl,
      path: page.paths.page,
      noindex: !page.indexable,
    }),
    hotelItemListJsonLd(siteUrl, page.page.hotels),
    breadcrumbJsonLd(siteUrl, [
      { label: "Hem", path: href("/") },
      { label: names.country, path: page.paths.country },
      { label: names.location, path: page.paths.place },
      { label: page.heading, path: page.paths.page },
    ]),
  ];
}
