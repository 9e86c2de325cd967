import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How old a Telegram login may be; new-api does not check auth_date, so a captured link worked forever. */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 86_400;

/**
 * The Telegram Login Widget check (core.telegram.org/widgets/login#checking-authorization), as new-api:
 * every query parameter except `hash`, as `k=v`, sorted and joined with "\n", HMAC-SHA256 keyed with
 * SHA256(bot token). Added to new-api's check: auth_date must be a recent unix time, and the hash is
 * compared in constant time.
 */
export function checkTelegramAuthorization(
  params: URLSearchParams,
  botToken: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const hash = params.get('hash');
  if (!hash || !botToken) return false;
  const pairs: string[] = [];
  const seen = new Set<string>();
  for (const [k, v] of params) {
    // Go reads the first value of a repeated parameter; so do we.
    if (k === 'hash' || seen.has(k)) continue;
    seen.add(k);
    pairs.push(`${k}=${v}`);
  }
  pairs.sort();
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(pairs.join('\n')).digest('hex');
  if (!sameText(expected, hash)) return false;
  const authDate = Number(params.get('auth_date'));
  return Number.isInteger(authDate) && authDate <= nowSeconds + 60 && nowSeconds - authDate <= TELEGRAM_AUTH_MAX_AGE_SECONDS;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
