import { createHmac } from 'node:crypto';

// Xunfei's WebSocket authentication (www.xfyun.cn/doc/spark/general_url_authentication.html): the upgrade
// GET carries host, date and an HMAC-SHA256 over "host: …\ndate: …\nGET {path} HTTP/1.1" as query
// parameters; the date must be within 300 s of Xunfei's clock.

/** The signed text: the three lines the `headers="host date request-line"` parameter names. */
export const sparkSignedText = (host: string, date: string, path: string): string => `host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`;

/** base64(HMAC-SHA256(APISecret, signed text)). */
export const sparkSignature = (apiSecret: string, signedText: string): string => createHmac('sha256', apiSecret).update(signedText).digest('base64');

/** The `authorization` query value: base64 of the hmac credential line. */
export function sparkAuthorization(apiKey: string, signature: string): string {
  const line = `hmac username="${apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`;
  return Buffer.from(line, 'utf8').toString('base64');
}

/**
 * The endpoint URL with its authentication query (`authorization`, `date`, `host`, in new-api's order,
 * form-encoded). `date` is RFC 1123 in GMT (Date#toUTCString), as Xunfei documents it.
 */
export function sparkAuthUrl(endpoint: string, apiKey: string, apiSecret: string, date: Date): string {
  const u = new URL(endpoint);
  const day = date.toUTCString();
  const signature = sparkSignature(apiSecret, sparkSignedText(u.host, day, u.pathname));
  const query = new URLSearchParams({ authorization: sparkAuthorization(apiKey, signature), date: day, host: u.host });
  return `${endpoint}?${query.toString()}`;
}
