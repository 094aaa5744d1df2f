/**
 * A place's landmarks as data: their kinds, the slug rule, and the back office's landmark form
 * (fields, limits, messages, in English like the rest of the back office). Shared by the data
 * module, the action and the browser. No I/O.
 */
import { z } from "#app/utils/zod.ts";
import { slugify } from "#app/utils/slug.ts";

/** The kinds a landmark can be (Swedish keys, which the database checks), named in the back office's English. */
export const LANDMARK_KINDS = {
  centrum: "Centre",
  station: "Station",
  sevardhet: "Sight",
  strand: "Beach",
  arena: "Arena",
  flygplats: "Airport",
  park: "Park",
  omrade: "District",
} as const;

export type LandmarkKind = keyof typeof LANDMARK_KINDS;

export const isLandmarkKind = (value: string): value is LandmarkKind => Object.hasOwn(LANDMARK_KINDS, value);

export const MAX_LANDMARK_NAME = 80;
export const MAX_LANDMARK_SLUG = 60;

/** The slug a landmark gets from its name when none is typed: 'Gamla stan' → 'gamla-stan'. */
export function landmarkSlug(value: string): string {
  return slugify(value).slice(0, MAX_LANDMARK_SLUG).replace(/-+$/, "");
}

/** A slug as addresses carry it: lower-case ASCII words joined by single hyphens. */
export const LANDMARK_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

// Form values arrive as strings, or as nothing (a missing field) or a list (a repeated one): neither is text.
const text = (max: number) =>
  z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string().max(max, `At most ${max} characters`));

// A coordinate as typed: '59.3293' or '59,3293' (a Swedish keyboard's decimal comma).
const coordinate = (name: string, limit: number) =>
  z.preprocess(
    (value) =>
      typeof value === "number"
        ? value
        : typeof value === "string" && value.trim() !== ""
          ? Number(value.trim().replace(",", "."))
          : undefined,
    z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? `${name} is required (decimal degrees, e.g. ${limit === 90 ? "59.3293" : "18.0686"})`
            : `${name} must be a number in decimal degrees`,
      })
      .min(-limit, `${name} must be between -${limit} and ${limit}`)
      .max(limit, `${name} must be between -${limit} and ${limit}`),
  );

/** The form's fields as posted (what conform reads constraints from). */
export const landmarkFieldsSchema = z.object({
  name: text(MAX_LANDMARK_NAME).pipe(z.string().min(1, "Name is required")),
  slug: text(MAX_LANDMARK_SLUG),
  kind: text(20).pipe(z.string().refine(isLandmarkKind, "Choose a kind")),
  latitude: coordinate("Latitude", 90),
  longitude: coordinate("Longitude", 180),
  centre: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
});

/** The landmark the form gives: the slug made from the name when none was typed. */
export const landmarkSchema = landmarkFieldsSchema.transform((value, ctx) => {
  const slug = value.slug ? value.slug.toLowerCase() : landmarkSlug(value.name);
  if (!LANDMARK_SLUG_PATTERN.test(slug)) {
    ctx.addIssue({
      code: "custom",
      message: value.slug ? "Use lower-case letters a–z, digits and single hyphens" : "Type a slug (the name has no letters a–z)",
      path: ["slug"],
    });
    return z.NEVER;
  }
  return { ...value, slug, kind: value.kind as LandmarkKind };
});

/** A landmark as written: what the form gives, or the demo seed. */
export type LandmarkInput = z.output<typeof landmarkSchema>;
