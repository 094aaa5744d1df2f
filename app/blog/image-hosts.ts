import { isHttpOrLocalUrl } from "#app/utils/paths.ts";
/**
 * Whether the browser will show an image from this address under the site's Content Security
 * Policy: its `img-src` allows our own origin and the configured hosts (map tiles, Supabase
 * Storage, IMAGE_HOSTS), and blocks everything else, so a post that names another host would be
 * published with a broken image. The editor refuses such an address when it is saved, in the
 * browser and on the server, with the same rule. Pure; no I/O.
 */

/** What the policy allows besides paths on this site: the site's own origin and its img-src sources. */
export interface ImageHosts {
  /** The site's origin, e.g. https://hotellguiden.se ('self'). */
  origin: string;
  /** The policy's host sources: `https://tiles.example.org`, `cf.bstatic.com`, `*.example.com`, with or without a port. */
  sources: readonly string[];
}

const SOURCE = /^(?:(https?):\/\/)?(\*\.)?([a-z0-9.-]+)(?::(\d+))?$/i;
const DEFAULT_PORT: Record<string, string> = { "http:": "80", "https:": "443" };

/**
 * Whether `source` (a CSP host source) matches `url`, the way browsers match them: a scheme, when
 * given, must be the same or its https upgrade; without one, the page's own scheme (and https on an
 * http page) is meant; `*.` matches subdomains only; no port means the scheme's default port.
 */
function matchesSource(source: string, url: URL, pageScheme: string): boolean {
  const match = SOURCE.exec(source);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  const allowedScheme = `${(scheme ?? pageScheme.replace(/:$/, "")).toLowerCase()}:`;
  if (!(url.protocol === allowedScheme || (allowedScheme === "http:" && url.protocol === "https:"))) return false;
  const hostname = url.hostname.toLowerCase();
  const wanted = host!.toLowerCase();
  if (wildcard ? !hostname.endsWith(`.${wanted}`) : hostname !== wanted) return false;
  return (url.port || DEFAULT_PORT[url.protocol]) === (port ?? DEFAULT_PORT[url.protocol]);
}

/**
 * The host of an image address the policy would block, or null when the image will show: a path
 * on this site, our own origin, or a configured host. An address that is not an absolute http(s)
 * URL is left to the address rules (null here).
 */
export function blockedImageHost(address: string, hosts: ImageHosts): string | null {
  if (!/^https?:\/\//i.test(address)) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const origin = new URL(hosts.origin);
  if (url.origin === origin.origin) return null;
  return hosts.sources.some((source) => matchesSource(source, url, origin.protocol)) ? null : url.host;
}

/** Why an image address is refused: its host would be blocked, and what to do instead. */
export const blockedImageMessage = (host: string) =>
  `Bilder från ${host} blockeras av webbplatsens säkerhetsregler och skulle visas trasiga. Ladda upp bilden här i stället, eller be en utvecklare lägga till ${host} i IMAGE_HOSTS.`;

/** Whether the editor may show this address as an image: http(s) or a path here, from a host the policy allows. */
export const isShowableImage = (address: string, hosts: ImageHosts) =>
  isHttpOrLocalUrl(address) && blockedImageHost(address, hosts) === null;
