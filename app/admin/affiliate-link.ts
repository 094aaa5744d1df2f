/**
 * The back office's affiliate link generator: a tracked link a partner can use to send
 * visitors to one hotel's page on this site. Its fields, rules and messages; shared by the
 * loader and the browser. No I/O.
 */
import { z } from "#app/utils/zod.ts";
import { stripTrailingPeriod, withoutControlChars } from "#app/utils/fold-text.ts";

export const AFFILIATE_LINK_REQUIRED = "Hotel ID and affiliate ID are required";
export const AFFILIATE_LINK_DEFAULTS = { source: "partner", medium: "affiliate" } as const;
const UTM_RULE = "may only contain letters, digits, '-', '_' and '.' (at most 50)";

// Query values arrive as text, or not at all; a repeated one (a list) is not text either.
const field = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? withoutControlChars(value).trim() : ""),
    z.string().max(max, `At most ${max} characters`),
  );
const utm = (name: string, fallback: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() ? value.trim() : fallback),
    z.string().regex(/^[\w.-]{1,50}$/, `${name} ${UTM_RULE}`),
  );

export const affiliateLinkSchema = z
  .object({
    // A hotel id copied with the sentence's full stop still finds the hotel.
    hotel: field(200).transform(stripTrailingPeriod),
    affiliate: field(100),
    source: utm("UTM Source", AFFILIATE_LINK_DEFAULTS.source),
    medium: utm("UTM Medium", AFFILIATE_LINK_DEFAULTS.medium),
  })
  .superRefine((value, ctx) => {
    const missing = (["hotel", "affiliate"] as const).filter((name) => !value[name]);
    if (missing.length) ctx.addIssue({ code: "custom", message: AFFILIATE_LINK_REQUIRED, path: [] });
    for (const name of missing) ctx.addIssue({ code: "custom", message: "Required", path: [name] });
  });

export type AffiliateLinkRequest = z.infer<typeof affiliateLinkSchema>;
