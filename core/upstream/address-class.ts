import ipaddr from 'ipaddr.js';

/** What an IP address reaches, as far as deciding whether the gateway may connect to it. */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

/** Where an IPv6 range carries an IPv4 address, that address decides (the packet ends up there). */
type Rule = AddressClass | { embeddedAt: number };


// Cloud instance metadata (AWS, GCP, Azure, OpenStack; AWS over IPv6; Alibaba Cloud). They sit inside ranges
// an operator may open for private targets, so they are named on their own and never opened.
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200'].map((a) => ipaddr.parse(a).toString()));

// Anything not listed is public; the first match wins.
const V4_RANGES: Array<[string, AddressClass]> = [
  ['0.0.0.0/8', 'unspecified'],
  ['127.0.0.0/8', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'private'], // carrier-grade NAT, also Tailscale's addresses
  ['169.254.0.0/16', 'link-local'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'], // with the broadcast address
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'reserved'], // documentation
  ['198.51.100.0/24', 'reserved'],
  ['203.0.113.0/24', 'reserved'],
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast
];

// Only global unicast (2000::/3) is public; the first match wins and the rest of the space is reserved.
const V6_RANGES: Array<[string, Rule]> = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::ffff:0:0/96', { embeddedAt: 96 }], // IPv4-mapped: the kernel connects over IPv4
  ['::ffff:0:0:0/96', { embeddedAt: 96 }], // IPv4-translated (SIIT)
  ['64:ff9b::/96', { embeddedAt: 96 }], // NAT64 well-known prefix
  ['64:ff9b:1::/48', 'private'], // local-use NAT64: the operator's own translator
  ['2002::/16', { embeddedAt: 16 }], // 6to4
  ['2001::/32', 'reserved'], // Teredo tunnels
  ['2001:db8::/32', 'reserved'], // documentation
  ['fc00::/7', 'private'], // unique local
  ['fec0::/10', 'private'], // deprecated site-local
  ['fe80::/10', 'link-local'],
  ['ff00::/8', 'multicast'],
  ['2000::/3', 'public'],
];

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const compile = <T>(ranges: Array<[string, T]>) => ranges.map(([cidr, rule]) => ({ cidr: ipaddr.parseCIDR(cidr), rule }));
const V4 = compile(V4_RANGES);
const V6 = compile(V6_RANGES);

/**
 * Classifies an IP address in any form the resolver or a URL may give (decimal 2130706433, octal 0177.0.0.1,
 * hex 0x7f000001, short 127.1, bracketed or zoned IPv6, IPv4-mapped and NAT64 IPv6). Text that is no IP address is 'reserved':
 * whatever cannot be understood is never connected to.
 */
export function classifyAddress(ip: string): AddressClass {
  let addr: Address;
  try {
    // A zone id (fe80::1%eth0) only picks the interface; without it the metadata addresses compare equal.
    addr = ipaddr.parse(ip.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, ''));
  } catch {
    return 'reserved';
  }
  return classify(addr);
}

function classify(addr: Address): AddressClass {
  if (METADATA.has(addr.toString())) return 'metadata';
  if (addr.kind() === 'ipv4') return V4.find(({ cidr }) => addr.match(cidr))?.rule ?? 'public';
  const rule = V6.find(({ cidr }) => addr.match(cidr))?.rule ?? 'reserved';
  if (typeof rule === 'string') return rule;
  const at = rule.embeddedAt / 8;
  return classify(ipaddr.fromByteArray(addr.toByteArray().slice(at, at + 4)));
}
