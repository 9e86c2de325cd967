/**
 * The client address used for rate limits and token IP allow-lists. X-Forwarded-For is honoured only
 * when the direct peer is a trusted proxy (TRUSTED_PROXIES, default: loopback and private ranges), so a
 * client cannot pick its own address.
 */
export function createClientIpResolver(trustedProxies: string | undefined): (peer: string, xff: string | undefined) => string {
  const trusted = trustedProxyRule(trustedProxies);
  return (peer, xff) => {
    const direct = normaliseIp(peer);
    if (!xff || !trusted(direct)) return direct;
    const hops = xff.split(',').map((s) => normaliseIp(s.trim())).filter(Boolean);
    // Walk from the nearest hop back while hops are trusted proxies; the first untrusted one is the client.
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (!trusted(hop)) return hop;
    }
    return hops[0] ?? direct;
  };
}

/** Whether a (normalised) address is a proxy whose forwarded headers are believed, per TRUSTED_PROXIES. */
export function trustedProxyRule(trustedProxies: string | undefined): (ip: string) => boolean {
  const mode = (trustedProxies ?? '').trim();
  if (mode === 'none') return () => false;
  const explicit = mode ? new Set(mode.split(',').map((s) => s.trim()).filter(Boolean)) : null;
  return explicit ? (ip) => explicit.has(ip) : isLoopbackOrPrivate;
}

export function normaliseIp(ip: string): string {
  const v = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  // uWS prints IPv6 in full form; collapse the IPv4-mapped full form too.
  const m = /^0000:0000:0000:0000:0000:ffff:([0-9a-f]{4}):([0-9a-f]{4})$/i.exec(v);
  if (m) {
    const a = parseInt(m[1]!, 16);
    const b = parseInt(m[2]!, 16);
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  if (v.includes(':')) {
    // Canonical compressed IPv6 (uWS prints the full form; people write the short one).
    try {
      return new URL(`http://[${v}]/`).hostname.slice(1, -1);
    } catch {
      return v;
    }
  }
  return v;
}

function isLoopbackOrPrivate(ip: string): boolean {
  if (ip === '::1' || ip.startsWith('127.')) return true;
  if (ip.startsWith('10.') || ip.startsWith('192.168.')) return true;
  const m = /^172\.(\d+)\./.exec(ip);
  if (m && Number(m[1]) >= 16 && Number(m[1]) <= 31) return true;
  return /^f[cd][0-9a-f]{2}:/i.test(ip);
}
