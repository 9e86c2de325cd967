import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The EPay (易支付) MD5 signature: the non-empty parameters except `sign` and `sign_type`, sorted by
 * name, joined as `k=v&k=v`, with the merchant key appended directly; lower-case hex MD5.
 */
export function epaySign(params: Readonly<Record<string, string>>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5').update(text + key, 'utf8').digest('hex');
}

/** The parameters with `sign` and `sign_type` set, as sent to the gateway's submit.php. */
export function signEpayParams(params: Readonly<Record<string, string>>, key: string): Record<string, string> {
  return { ...params, sign: epaySign(params, key), sign_type: 'MD5' };
}

/**
 * Whether a notification carries a valid signature. An empty merchant key verifies nothing: with no key
 * anyone could compute the signature (the Stripe variant of this bug is CVE-2026-41432).
 */
export function verifyEpaySign(params: Readonly<Record<string, string>>, key: string): boolean {
  if (key === '') return false;
  const given = (params.sign ?? '').toLowerCase();
  const expected = epaySign(params, key);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
