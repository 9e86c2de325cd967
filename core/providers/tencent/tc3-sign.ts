import { createHash, createHmac } from 'node:crypto';

/** What a Tencent Cloud API 3.0 request signs: POST to `/` with no query, the given headers and body. */
export interface Tc3Input {
  secretId: string;
  secretKey: string;
  /** the product: `hunyuan`, `cvm` … (the credential scope) */
  service: string;
  /** seconds since the epoch, as sent in X-TC-Timestamp */
  timestamp: number;
  /** the signed headers, names and values as sent (they are lowercased for signing) */
  headers: Readonly<Record<string, string>>;
  payload: string;
}

export interface Tc3Signature {
  authorization: string;
  hashedCanonicalRequest: string;
  signature: string;
}

const sha256hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

/**
 * TC3-HMAC-SHA256 (cloud.tencent.com/document/api/213/30654): canonical request → string to sign under
 * `date/service/tc3_request` → HMAC chain from "TC3"+SecretKey. No npm package does this without
 * pulling in the whole tencentcloud SDK, and node:crypto gives every primitive.
 */
export function tc3Sign(input: Tc3Input): Tc3Signature {
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonicalHeaders = headers.map(([name, value]) => `${name}:${value}\n`).join('');
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256hex(input.payload)].join('\n');
  const hashedCanonicalRequest = sha256hex(canonicalRequest);
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, hashedCanonicalRequest].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    authorization: `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    hashedCanonicalRequest,
    signature,
  };
}
