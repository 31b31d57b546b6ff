import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

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

/**
 * The address ipaddr.js reads from `text` (a zone id such as `%eth0` aside), only when it is written as an address
 * is written on the wire: four decimal parts or IPv6 text. The decimal (2130706433), octal (0177.0.0.1) and hex
 * (0x7f.1) forms ipaddr.js would also read never come from a resolver, and in a URL the WHATWG parser has turned
 * them into four decimal parts already, so anything else here is not an address (fail closed).
 */
function addressOf(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (isIP(text) === 0) return null;
  try {
    return ipaddr.parse(text);
  } catch {
    return null;
  }
}

/** Whether an IPv4 address is on the public internet: ipaddr.js's 'unicast', none of its special ranges. */
function isPublicV4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

/** The IPv4 address carried in bytes `from`..`from + 3` of an IPv6 address. */
function embeddedV4(address: ipaddr.IPv6, from: number): ipaddr.IPv4 {
  return new ipaddr.IPv4(address.toByteArray().slice(from, from + 4));
}

/** 64:ff9b::/96 (RFC 6052) and 64:ff9b:1::/48 (RFC 8215, local-use): a NAT64 gateway's translations. */
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/32');
/** ::a.b.c.d, the deprecated IPv4-compatible form (and :: and ::1). */
const V4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
/** 2001:db8::/32, addresses for documentation. */
const DOCUMENTATION = ipaddr.IPv6.parseCIDR('2001:db8::/32');

/** Whether an IP address (v4 or v6) is a public one a partner's server may have. */
export function isPublicAddress(text: string): boolean {
  const address = addressOf(text);
  if (!address) return false;
  if (address.kind() === 'ipv4') return isPublicV4(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  // Forms that reach an IPv4 address are as public as it is: ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (SIIT,
  // RFC 6145), 64:ff9b::a.b.c.d (NAT64) and 2002:aabb:ccdd::/48 (6to4).
  if (v6.isIPv4MappedAddress()) return isPublicV4(v6.toIPv4Address());
  if (v6.range() === 'rfc6145' || v6.match(NAT64)) return isPublicV4(embeddedV4(v6, 12));
  if (v6.range() === '6to4') return isPublicV4(embeddedV4(v6, 2));
  if (v6.match(V4_COMPATIBLE) || v6.match(DOCUMENTATION)) return false;
  // Teredo (2001:0::/32) tunnels to an address it hides: no partner's server lives behind one. The rest of
  // the special ranges (loopback, unique local, link-local, site-local, multicast, discard, reserved…) are
  // not on the internet either.
  return v6.range() === 'unicast';
}

export function isLoopbackAddress(text: string): boolean {
  const address = addressOf(text);
  if (!address) return false;
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address().range() === 'loopback';
  }
  return address.range() === 'loopback';
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
