import { lookup } from 'node:dns/promises';
import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Push endpoints are addresses a person hands us and we then call: only https on public
 * addresses, never loopback, private, link-local, shared, multicast or reserved ranges (IPv4 and
 * IPv6, and IPv6 forms that carry an IPv4 address), so a subscription cannot make the server call
 * inside its own network (SSRF). Checked when subscribing, and again at every connection (the
 * name may resolve elsewhere by then).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped and IPv4-compatible forms are refused by `isPublicAddress` itself (a BlockList
  // given `::ffff:0:0/96` would also match every IPv4 address).
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:7f00:1`, `::ffff:127.0.0.1`). */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address (v4 or v6) is a public one a push service may live at. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family === 6) {
    // An IPv6 form carrying an IPv4 address (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`):
    // never a push service's address.
    if (mappedIpv4(bare) || /^::(?:[0-9a-f]{1,4}:)?[0-9a-f.]*$/i.test(bare)) return false;
    return !blocked.check(bare, 'ipv6');
  }
  return false;
}

export class EndpointRefused extends Error {}

export interface EndpointRules {
  /** WEB_PUSH_ALLOW_LOCAL: loopback/private addresses pass, and http://127.0.0.1 (tests). */
  allowLocal: boolean;
}

/** The URL's own rules (scheme, no credentials, an IP literal's range); throws `EndpointRefused`. */
export function checkEndpointUrl(endpoint: string, rules: EndpointRules): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefused('not a URL');
  }
  if (url.username || url.password) throw new EndpointRefused('credentials in the URL');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const localHttp = rules.allowLocal && url.protocol === 'http:' && host === '127.0.0.1';
  if (url.protocol !== 'https:' && !localHttp) throw new EndpointRefused('not https');
  if (isIP(host) && !rules.allowLocal && !isPublicAddress(host)) throw new EndpointRefused('not a public address');
  return url;
}

/** At subscribe time: the URL's rules, and every address its name resolves to is public. */
export async function checkEndpoint(endpoint: string, rules: EndpointRules): Promise<void> {
  const url = checkEndpointUrl(endpoint, rules);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || rules.allowLocal) return;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new EndpointRefused('name does not resolve');
  }
  if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address)))
    throw new EndpointRefused('name resolves to a non-public address');
}

/**
 * The DNS look-up of a push request's connection: refuses a name that resolves to any address
 * that is not public (the connection is made to what this look-up returned, so a name cannot
 * change its answer between the check and the call).
 */
export function guardedLookup(rules: EndpointRules): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || (!rules.allowLocal && list.some((entry) => !isPublicAddress(entry.address)))) {
        const refused = Object.assign(new EndpointRefused(`${hostname} resolves to a non-public address`), {
          code: 'EPUSHREFUSED',
        });
        return callback(refused, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
