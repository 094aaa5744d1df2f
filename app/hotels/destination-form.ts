/**
 * The back office's destination form (adding one, editing one): its fields, limits and
 * messages, and what an empty price or link becomes. Shared by the action and the browser. No I/O: whether a link
 * finds hotels is the action's check (countHotelsForLink).
 */
import { href } from "react-router";
import { z } from "#app/utils/zod.ts";
import { isHttpOrLocalUrl } from "#app/utils/paths.ts";

export const DESTINATION_REQUIRED = "Name, description and image are required";
export const DEFAULT_DESTINATION_PRICE = "Från 890 kr";
const URL_RULE = "must start with http://, https:// or / (a page on this site)";

// Form values arrive as strings, or as nothing (a missing field) or a list (a repeated one): neither is text.
const text = (max: number) =>
  z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string().max(max, `At most ${max} characters`));

export const destinationSchema = z
  .object({
    name: text(80),
    description: text(300),
    image: text(500),
    price: text(40),
    link: text(500),
  })
  .superRefine((value, ctx) => {
    const missing = (["name", "description", "image"] as const).filter((field) => !value[field]);
    if (missing.length) ctx.addIssue({ code: "custom", message: DESTINATION_REQUIRED, path: [] });
    for (const field of missing) ctx.addIssue({ code: "custom", message: "Required", path: [field] });
    if (value.image && !isHttpOrLocalUrl(value.image)) ctx.addIssue({ code: "custom", message: `Image URL ${URL_RULE}`, path: ["image"] });
    if (value.link && !isHttpOrLocalUrl(value.link)) ctx.addIssue({ code: "custom", message: `Link ${URL_RULE}`, path: ["link"] });
  });

export type DestinationInput = z.infer<typeof destinationSchema>;

/** A destination without a link leads to the hotel list for its name. */
export const defaultDestinationLink = (name: string) => `${href("/hotels")}?destination=${encodeURIComponent(name.toLowerCase())}`;

/** The link that will be saved: the one typed, or the default from the name. */
export const destinationLink = (value: Pick<DestinationInput, "name" | "link">) => value.link || defaultDestinationLink(value.name);

/**
 * Said by the link field when the link leads to no hotels: the card invites a visitor to hotels.
 * In English, as the rest of the destinations screen.
 */
export function noHotelsMessage(typedLink: string): string {
  const which = typedLink ? "" : " (Without a link of its own, the card searches for its name.)";
  return `This link finds no hotels.${which} Link to a page with hotels, e.g. /Sweden/Stockholm or /hotels?search=Stockholm.`;
}

export const LINK_CHECK_FAILED = "The link could not be checked just now. Please try again.";
