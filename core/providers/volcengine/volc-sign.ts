import { createHash, createHmac } from 'node:crypto';

export interface VolcSignInput {
  method: 'GET' | 'POST';
  url: string;
  contentType: string;
  body: string;
  accessKey: string;
  secretKey: string;
  region: string;
  service: string;
  /** unix ms */
  now: number;
}

const sha256Hex = (s: string): string => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string): Buffer => createHmac('sha256', key).update(s).digest();

/** RFC 3986 encoding (what Volcengine canonicalises queries with). */
const encode = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Volcengine's OpenAPI request signature (docs 6369/67269): like AWS SigV4 but with its own algorithm
 * name, scope terminator (`request`) and signing-key derivation (no `AWS4` prefix), which is why the
 * maintained SigV4 signer cannot produce it. Signs content-type, host, x-content-sha256 and x-date;
 * returns the headers to add (Host is the URL's, which the HTTP client sends as signed).
 */
export function volcSign(r: VolcSignInput): Record<string, string> {
  const url = new URL(r.url);
  const xDate = new Date(r.now).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = xDate.slice(0, 8);
  const payloadHash = sha256Hex(r.body);
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const signed: [string, string][] = [
    ['content-type', r.contentType],
    ['host', url.host],
    ['x-content-sha256', payloadHash],
    ['x-date', xDate],
  ];
  const signedHeaders = signed.map(([k]) => k).join(';');
  const canonical = [r.method, url.pathname || '/', query, signed.map(([k, v]) => `${k}:${v.trim()}\n`).join(''), signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${r.region}/${r.service}/request`;
  const stringToSign = ['HMAC-SHA256', xDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(r.secretKey, day), r.region), r.service), 'request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    authorization: `HMAC-SHA256 Credential=${r.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    'x-date': xDate,
    'x-content-sha256': payloadHash,
    'content-type': r.contentType,
  };
}

/**
 * The headers of a POST to Volcengine's visual API (Jimeng's images and video tasks), signed with the
 * channel's `AK|SK` in cn-north-1 for service cv, as new-api signs them; a key of another shape throws.
 */
export function visualApiHeaders(url: string, key: string, body: string, now: number): Record<string, string> {
  const [ak, sk, extra] = key.split('|').map((p) => p.trim());
  if (!ak || !sk || extra !== undefined) throw new Error("invalid api key format for jimeng: expected 'ak|sk'");
  return volcSign({ method: 'POST', url, contentType: 'application/json', body, accessKey: ak, secretKey: sk, region: 'cn-north-1', service: 'cv', now });
}
