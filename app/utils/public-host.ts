/**
 * Whether a host is one the public internet reaches: not this machine, a private or
 * link-local network, carrier-grade NAT, a cloud metadata service, or a local-only name. The
 * partners screen refuses such a host, and /redirect never forwards to one, whatever the
 * database or the configuration says. Judged from the text alone (no DNS lookup): the WHATWG URL
 * parser first turns every way of writing an address into one ('2130706433', '0x7f.1' and
 * '017700000001' are all 127.0.0.1; IPv6 is compressed and lower-cased). Pure, so the browser
 * runs the same check as the server.
 */

/** Names that never leave the local network: RFC 6761, RFC 6762, RFC 8375 and the clouds' internal zones. */
const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home\.arpa)$/;

/** Non-public IPv4 blocks as [first octets, prefix length]. */
const IPV4_BLOCKS: readonly (readonly [number[], number])[] = [
  [[0], 8], // "this network"
  [[10], 8], // private
  [[100, 64], 10], // carrier-grade NAT
  [[127], 8], // loopback
  [[169, 254], 16], // link-local, where cloud metadata services answer (169.254.169.254)
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved, and the broadcast address
];

function isPublicIpv4(address: string): boolean {
  const value = address.split(".").reduce((sum, octet) => sum * 256 + Number(octet), 0);
  return !IPV4_BLOCKS.some(([octets, bits]) => {
    const start = [...octets, 0, 0, 0].slice(0, 4).reduce((sum, octet) => sum * 256 + octet, 0);
    return Math.floor(value / 2 ** (32 - bits)) === Math.floor(start / 2 ** (32 - bits));
  });
}

/** An address as the URL parser writes it ('::1', 'fe80::1', '::ffff:7f00:1'), as eight 16-bit groups. */
function ipv6Groups(address: string): number[] {
  const [head = "", tail] = address.split("::");
  const part = (text: string) => (text ? text.split(":").map((group) => parseInt(group, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function isPublicIpv6(address: string): boolean {
  const groups = ipv6Groups(address);
  const [first = 0] = groups;
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (zeroUpTo(6)) return false; // unspecified, loopback, IPv4-compatible
  if (zeroUpTo(5) && groups[5] === 0xffff) return false; // IPv4-mapped: ::ffff:127.0.0.1 and the like
  if (first === 0x64 && groups[1] === 0xff9b) return false; // NAT64, which reaches any IPv4 address
  if ((first & 0xfe00) === 0xfc00) return false; // unique local, including fd00:ec2::254 (a metadata service)
  if ((first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0) return false; // link-local, site-local
  if ((first & 0xff00) === 0xff00) return false; // multicast
  if (first === 0x2001 && groups[1] === 0x0db8) return false; // documentation
  if (first === 0x2002) return false; // 6to4, which embeds any IPv4 address
  return true;
}

/**
 * Whether `host` (a host name or address, with or without a port, as URL#host gives it) is a
 * public host. A name must have a dot and no local-only suffix; an address must be outside the
 * loopback, private, link-local, carrier-grade NAT, multicast, documentation and reserved
 * ranges. Anything the URL parser refuses is not public.
 */
export function isPublicHost(host: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  if (hostname.startsWith("[")) return isPublicIpv6(hostname.slice(1, -1));
  if (/^\d+\.\d+\.\d+\.\d+$/.test(hostname)) return isPublicIpv4(hostname);
  const name = hostname.replace(/\.$/, "");
  return name.includes(".") && !LOCAL_NAMES.test(name);
}

/**
 * What keeps `address` from being a URL our own server may fetch (a partner's price feed, the
 * ECB's rates), or null: "invalid" (not an absolute URL), "scheme" (not https), "credentials"
 * (a user name or password in it), "not-public" (isPublicHost refuses its host). The server
 * checks every redirect the same way, and the addresses a name resolves to as it connects.
 */
export function fetchableUrlProblem(address: string): "invalid" | "scheme" | "credentials" | "not-public" | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return "invalid";
  }
  if (url.protocol !== "https:") return "scheme";
  if (url.username || url.password) return "credentials";
  return isPublicHost(url.host) ? null : "not-public";
}
