import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkTelegramAuthorization, TELEGRAM_AUTH_MAX_AGE_SECONDS } from './telegram-login.js';

const BOT = '123456:bot-token';
const NOW = 1_750_000_000;

/** Signs like Telegram does (independently of the implementation: explicit data-check string). */
function signed(fields: Record<string, string>, token = BOT): URLSearchParams {
  const dataCheck = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(dataCheck).digest('hex');
  return new URLSearchParams({ ...fields, hash });
}

const login = { id: '42', first_name: 'Ada', username: 'ada', auth_date: String(NOW - 10) };

describe('checkTelegramAuthorization', () => {
  it('accepts a widget login signed with the bot token', () => {
    expect(checkTelegramAuthorization(signed(login), BOT, NOW)).toBe(true);
  });

  it('refuses a changed field, a foreign bot token, a missing hash or a missing bot token', () => {
    const p = signed(login);
    p.set('id', '43');
    expect(checkTelegramAuthorization(p, BOT, NOW)).toBe(false);
    expect(checkTelegramAuthorization(signed(login, 'other:token'), BOT, NOW)).toBe(false);
    const noHash = signed(login);
    noHash.delete('hash');
    expect(checkTelegramAuthorization(noHash, BOT, NOW)).toBe(false);
    expect(checkTelegramAuthorization(signed(login), '', NOW)).toBe(false);
  });

  it('covers every parameter but hash, as new-api (an extra unsigned parameter breaks the hash)', () => {
    const p = signed(login);
    p.set('lang', 'en');
    expect(checkTelegramAuthorization(p, BOT, NOW)).toBe(false);
    expect(checkTelegramAuthorization(signed({ ...login, lang: 'en' }), BOT, NOW)).toBe(true);
  });

  it('refuses a stale, future or missing auth_date even with a valid hash', () => {
    const stale = { ...login, auth_date: String(NOW - TELEGRAM_AUTH_MAX_AGE_SECONDS - 1) };
    expect(checkTelegramAuthorization(signed(stale), BOT, NOW)).toBe(false);
    expect(checkTelegramAuthorization(signed({ ...login, auth_date: String(NOW + 3600) }), BOT, NOW)).toBe(false);
    const { auth_date: _, ...noDate } = login;
    expect(checkTelegramAuthorization(signed(noDate), BOT, NOW)).toBe(false);
  });
});
