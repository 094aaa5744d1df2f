/**
 * The back office's partner form: its fields, limits and messages, how a typed host or URL
 * becomes the stored host, and the preview of a partner's deep link for a sample stay.
 * Shared by the action and the browser. No I/O: whether an id or host is taken is the
 * database's answer (savePartner in partners.server.ts).
 */
import { z } from "#app/utils/zod.ts";
import { fetchableUrlProblem, isPublicHost } from "#app/utils/public-host.ts";
import { deepLinkTemplateSchema, fillDeepLink } from "./deep-link.ts";
import { addDays, type DatedStay } from "#app/utils/stay.ts";
import { isHttpOrLocalUrl } from "#app/utils/paths.ts";

export const PARTNER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
/** What the database accepts as a host (table partners): lower case, a port only when not the default. */
const STORED_HOST = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?$/;
// C0 and C1 control characters and DEL. The URL parser would silently drop a tab or a line
// break inside a host, so what was typed is refused rather than guessed at.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export const PARTNER_MESSAGES = {
  idFormat: "Use 1–40 lower-case letters, digits and hyphens, starting with a letter or digit (e.g. resekompassen).",
  idTaken: "A partner with this id already exists.",
  hostInvalid: "Enter the partner's host (www.partner.se) or a URL on it (https://www.partner.se/…).",
  hostScheme: "Only http:// and https:// links can be partner links.",
  hostNotPublic:
    "This is a local or private address (this machine, a private or link-local network, a cloud metadata address): a partner's host must be a public one, such as www.partner.se.",
  controlCharacters: "Remove the control characters (line breaks, tabs and the like).",
  hostTaken: "Another partner already has this host.",
  logo: "The logo URL must start with http://, https:// or / (a file on this site).",
  feedUrlInvalid: "Enter the full address of the partner's price file, such as https://feeds.partner.se/prices.xml.",
  feedUrlScheme: "The feed URL must start with https://: the server fetches it, and a plain http:// file could be changed on the way.",
  feedUrlCredentials: "Leave the user name and password out of the feed URL.",
  feedUrlNotPublic:
    "This is a local or private address (this machine, a private or link-local network, a cloud metadata address): the server fetches feeds only from public hosts, such as https://feeds.partner.se/prices.xml.",
  landingTemplate:
    "Enter an http:// or https:// URL with {hotel_id} where the partner's property id goes, such as https://www.partner.se/hotel/{hotel_id}.",
  landingTemplateHost: "The landing URL must be on the partner's host: /redirect forwards only there.",
  required: "Required",
} as const;

// Form values arrive as strings, or as nothing (a missing field) or a list (a repeated one): neither is text.
const asText = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const text = (max: number) => z.preprocess(asText, z.string().max(max, `At most ${max} characters`));

/**
 * The host /redirect will trust for what was typed: a bare host (`www.Partner.se`) or any
 * http(s) URL on it, lower case, with a port only when it is not the default; or what is wrong
 * with it (another scheme, a user name, a host the database would refuse, a host that is not
 * public: loopback, private and metadata addresses in any notation, local-only names). The host
 * is judged as written: no DNS lookup, which /redirect does not do either.
 */
export function partnerHost(typed: string): { host: string } | { problem: string } {
  const value = typed.trim();
  if (!value) return { problem: PARTNER_MESSAGES.required };
  if (CONTROL_CHARACTERS.test(value)) return { problem: PARTNER_MESSAGES.controlCharacters };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  // 'partner.se:8443' reads as a scheme to URL; a host with a port is not one.
  const hasScheme = scheme !== undefined && !/^[^/]+:\d+(\/|$)/.test(value);
  if (hasScheme && scheme !== "http" && scheme !== "https") return { problem: PARTNER_MESSAGES.hostScheme };
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return { problem: PARTNER_MESSAGES.hostInvalid };
  }
  if (url.username || url.password) return { problem: PARTNER_MESSAGES.hostInvalid };
  if (!isPublicHost(url.host)) return { problem: PARTNER_MESSAGES.hostNotPublic };
  if (!STORED_HOST.test(url.host)) return { problem: PARTNER_MESSAGES.hostInvalid };
  return { host: url.host };
}

/** Text with its own rule: each field is checked by itself, so every field's error shows at once. */
const checkedText = (max: number, problem: (value: string) => string | null) =>
  text(max).superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: "custom", message });
  });

const FEED_URL_MESSAGES = {
  invalid: PARTNER_MESSAGES.feedUrlInvalid,
  scheme: PARTNER_MESSAGES.feedUrlScheme,
  credentials: PARTNER_MESSAGES.feedUrlCredentials,
  "not-public": PARTNER_MESSAGES.feedUrlNotPublic,
} as const;

/** What is wrong with a typed feed URL (empty: none), or null. */
function feedUrlProblem(value: string): string | null {
  if (!value) return null;
  if (CONTROL_CHARACTERS.test(value)) return PARTNER_MESSAGES.controlCharacters;
  const problem = fetchableUrlProblem(value);
  return problem && FEED_URL_MESSAGES[problem];
}

/** The landing URL a template makes for one hotel, or null when it is not an http(s) URL with {hotel_id}. */
function sampleLandingUrl(template: string): URL | null {
  if (!template.includes("{hotel_id}") || CONTROL_CHARACTERS.test(template)) return null;
  try {
    const url = new URL(template.replaceAll("{hotel_id}", "H1"));
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** The form's fields and rules as typed (what the browser checks and conform reads constraints from). */
export const partnerFieldsSchema = z.object({
  id: checkedText(40, (value) => (!value ? PARTNER_MESSAGES.required : PARTNER_ID_PATTERN.test(value) ? null : PARTNER_MESSAGES.idFormat)),
  name: checkedText(80, (value) =>
    !value ? PARTNER_MESSAGES.required : CONTROL_CHARACTERS.test(value) ? PARTNER_MESSAGES.controlCharacters : null,
  ),
  host: checkedText(300, (value) => {
    const host = partnerHost(value);
    return "problem" in host ? host.problem : null;
  }),
  logoUrl: checkedText(500, (value) => (!value || isHttpOrLocalUrl(value) ? null : PARTNER_MESSAGES.logo)),
  deepLinkTemplate: z.preprocess(asText, deepLinkTemplateSchema),
  feedUrl: checkedText(2000, feedUrlProblem),
  landingUrlTemplate: checkedText(2000, (value) => (!value || sampleLandingUrl(value) ? null : PARTNER_MESSAGES.landingTemplate)),
  // A checkbox posts "on" when ticked and nothing when not.
  active: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
});

/** The fields together: a landing URL template on another host than the partner's is refused. */
const partnerFormSchema = partnerFieldsSchema.superRefine((value, ctx) => {
  const host = partnerHost(value.host);
  const landing = value.landingUrlTemplate ? sampleLandingUrl(value.landingUrlTemplate) : null;
  if ("host" in host && landing && landing.host !== host.host)
    ctx.addIssue({ code: "custom", path: ["landingUrlTemplate"], message: `${PARTNER_MESSAGES.landingTemplateHost} (${host.host})` });
});

/** The form as saved: the host as /redirect compares it, an empty logo, feed URL or landing template as none. */
export const partnerSchema = partnerFormSchema.transform((value) => {
  const host = partnerHost(value.host);
  return {
    id: value.id,
    name: value.name,
    host: "host" in host ? host.host : value.host,
    logoUrl: value.logoUrl || null,
    deepLinkTemplate: value.deepLinkTemplate.replace(/^\?/, ""),
    feedUrl: value.feedUrl || null,
    landingUrlTemplate: value.landingUrlTemplate || null,
    active: value.active,
  };
});

export type PartnerInput = z.output<typeof partnerSchema>;

/** The sample stay of the preview: 30 days after `today` (in Sweden), 2 nights, 2 adults, 1 room. */
export function sampleStay(today: string): DatedStay {
  const checkIn = addDays(today, 30);
  return { checkIn, checkOut: addDays(checkIn, 2), adults: 2, rooms: 1 };
}

export interface DeepLinkPreview {
  landingUrl: string;
  link: string;
}

/**
 * What /redirect would send a visitor to for a sample offer page on the partner's host and
 * the sample stay; null while the host or template is not usable.
 */
export function deepLinkPreview(typedHost: string, template: string, today: string): DeepLinkPreview | null {
  const host = partnerHost(typedHost);
  if ("problem" in host || !deepLinkTemplateSchema.safeParse(template).success) return null;
  const landingUrl = `https://${host.host}/hotell/exempelhotellet?ref=hotellguiden`;
  return { landingUrl, link: fillDeepLink(landingUrl, template.trim(), sampleStay(today)) };
}
