import { randomBytes, randomUUID } from 'node:crypto';

const ALNUM = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Uniform [0-9a-zA-Z] string from crypto randomness (rejection sampling keeps it unbiased). */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALNUM[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** API token key: 48 characters, stored without the sk- prefix. */
export const newTokenKey = (): string => randomAlnum(48);
/** Redemption code: UUIDv4 hex without dashes (32 lowercase hex). */
export const newRedemptionKey = (): string => randomUUID().replaceAll('-', '');
/** Affiliate code: 4 alphanumerics. */
export const newAffCode = (): string => randomAlnum(4);
/** OAuth state: 12 alphanumerics. */
export const newOAuthState = (): string => randomAlnum(12);
/** System access token: standard base64 of 21–24 random bytes (28 or 32 characters), as new-api. */
export const newAccessToken = (): string => randomBytes(21 + 3 * Math.floor(Math.random() * 2)).toString('base64');

/** sk-abc***xyz: the key form new-api prints in token errors. */
export function maskKey(key: string): string {
  return key.length <= 6 ? '***' : `sk-${key.slice(0, 3)}***${key.slice(-3)}`;
}
