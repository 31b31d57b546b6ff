import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/**
 * Which addresses the webhook worker may call (issue 19). An operator types the URL, and the server POSTs to
 * it: without these checks a URL could make the server reach its own network (SSRF: the database, a cloud
 * metadata service at 169.254.169.254, an admin port on localhost).
 */
export interface WebhookAddressPolicy {
  /**
   * Whether http://localhost and 127.0.0.1 are accepted (development and tests, never in production): a
   * partner's test server on the developer's machine. Other private addresses are refused regardless.
   */
  allowLoopback: boolean;
}

export type WebhookUrlProblem = 'invalid' | 'credentials' | 'not_https' | 'not_public';

/** 16 bytes of an IPv6 address, or null when `text` is not one. Handles `::` and an embedded IPv4 tail. */
function ipv6Bytes(text: string): number[] | null {
  if (isIP(text) !== 6) return null;
  let address = text.replace(/%.*$/, '');
  const lastColon = address.lastIndexOf(':');
  const tail = address.slice(lastColon + 1);
  if (isIP(tail) === 4) {
    // a.b.c.d at the end is the last two groups written in decimal.
    const [a = 0, b = 0, c = 0, d = 0] = v4Octets(tail);
    address = `${address.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const [left = '', right] = address.split('::');
  const leftGroups = parse(left);
  const rightGroups = right === undefined ? [] : parse(right);
  const groups =
    right === undefined
      ? leftGroups
      : [...leftGroups, ...Array<number>(8 - leftGroups.length - rightGroups.length).fill(0), ...rightGroups];
  if (groups.length !== 8 || groups.some((group) => !Number.isInteger(group))) return null;
  return groups.flatMap((group) => [(group >> 8) & 0xff, group & 0xff]);
}

function v4Octets(text: string): number[] {
  return text.split('.').map(Number);
}

/** Whether an IPv4 address is on the public internet (not private, loopback, link-local, reserved, …). */
function isPublicV4(octets: readonly number[]): boolean {
  const [a = 0, b = 0, c = 0] = octets;
  if (a === 0 || a === 10 || a === 127) return false;
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local, cloud metadata
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false;
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 198 && b === 51 && c === 100) return false;
  if (a === 203 && b === 0 && c === 113) return false;
  if (a >= 224) return false; // multicast and reserved
  return true;
}

/** Whether an IP address (v4 or v6) is a public one a partner's server may have. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPublicV4(v4Octets(address));
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  const [b0 = 0, b1 = 0] = bytes;
  const allZeroUntil = (end: number) => bytes.slice(0, end).every((byte) => byte === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible) and 64:ff9b::a.b.c.d (NAT64) reach an IPv4 address.
  if (allZeroUntil(10) && bytes[10] === 0xff && bytes[11] === 0xff) return isPublicV4(bytes.slice(12));
  if (allZeroUntil(12)) return false; // ::, ::1 and the deprecated compatible form
  if (b0 === 0x00 && b1 === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b)
    return isPublicV4(bytes.slice(12));
  // ::ffff:0:a.b.c.d (SIIT, translated) and 2002:aabb:ccdd::/48 (6to4) carry an IPv4 address too.
  if (allZeroUntil(8) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0)
    return isPublicV4(bytes.slice(12));
  if (b0 === 0x20 && b1 === 0x02) return isPublicV4(bytes.slice(2, 6));
  // Teredo 2001:0::/32 tunnels to an address it hides; no partner's server lives behind one.
  if (b0 === 0x20 && b1 === 0x01 && bytes[2] === 0 && bytes[3] === 0) return false;
  if ((b0 & 0xfe) === 0xfc) return false; // unique local fc00::/7
  if (b0 === 0xfe && (b1 & 0xc0) === 0x80) return false; // link-local fe80::/10
  if (b0 === 0xfe && (b1 & 0xc0) === 0xc0) return false; // site-local fec0::/10 (deprecated, still private)
  if (b0 === 0xff) return false; // multicast
  if (b0 === 0x20 && b1 === 0x01 && bytes[2] === 0x0d && bytes[3] === 0xb8) return false; // documentation
  if (b0 === 0x01 && b1 === 0x00 && bytes.slice(2, 8).every((byte) => byte === 0)) return false; // discard
  return true;
}

export function isLoopbackAddress(address: string): boolean {
  if (isIP(address) === 4) return v4Octets(address)[0] === 127;
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  if (bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1) return true;
  return (
    bytes.slice(0, 10).every((byte) => byte === 0) &&
    bytes[10] === 0xff &&
    bytes[11] === 0xff &&
    bytes[12] === 127
  );
}

/** Whether the worker may connect to this resolved address under the policy. */
export function isAllowedAddress(address: string, policy: WebhookAddressPolicy): boolean {
  return isPublicAddress(address) || (policy.allowLoopback && isLoopbackAddress(address));
}

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * What is wrong with an endpoint URL when an operator saves it, or null: https to a name or a public
 * address; http only to localhost / 127.0.0.1 when the policy allows loopback. A name is resolved only when
 * the worker connects (and checked again there: a name may point anywhere later).
 */
export function webhookUrlProblem(raw: string, policy: WebhookAddressPolicy): WebhookUrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid';
  if (url.username !== '' || url.password !== '') return 'credentials';
  const host = bareHost(url.hostname);
  const loopback = isLocalName(host) || (isIP(host) !== 0 && isLoopbackAddress(host));
  if (loopback) return policy.allowLoopback ? null : url.protocol === 'http:' ? 'not_https' : 'not_public';
  if (url.protocol !== 'https:') return 'not_https';
  if (isIP(host) !== 0 && !isPublicAddress(host)) return 'not_public';
  return null;
}

/** The error a refused address fails the connection with; its message is what the attempts list shows. */
export class WebhookAddressRefused extends Error {
  readonly code = 'EWEBHOOKADDRESS';
  constructor(readonly address: string) {
    super(`address not allowed: ${address}`);
  }
}

/**
 * A `lookup` for http.request that resolves the name and refuses it when any of its addresses is not
 * allowed, so the address checked is the address connected to (no DNS rebinding between check and use).
 * An IP literal never reaches a lookup: the sender checks those itself.
 */
export function guardedLookup(policy: WebhookAddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const refused = addresses.find((entry) => !isAllowedAddress(entry.address, policy));
      const first = addresses[0];
      if (refused || !first) {
        callback(new WebhookAddressRefused(refused?.address ?? hostname), '', 0);
        return;
      }
      if (options.all) (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/** The URL's host when it is an IP literal (checked before connecting), else null. */
export function literalAddressOf(url: URL): string | null {
  const host = bareHost(url.hostname);
  return isIP(host) === 0 ? null : host;
}
