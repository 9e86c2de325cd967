import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
let pool = randomBytes(4096);
let offset = 0;
let seq = 0;

/** new-api's X-Oneapi-Request-Id: 14-digit UTC timestamp, a sequence, then 8 random characters. */
export function newRequestId(now = new Date()): string {
  const ts = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  if (offset + 8 > pool.length) {
    pool = randomBytes(4096);
    offset = 0;
  }
  let rand = '';
  for (let i = 0; i < 8; i++) rand += ALPHABET[pool[offset++]! % ALPHABET.length];
  seq = (seq + 1) % 1_000_000_000;
  return `${ts}${String(seq).padStart(9, '0')}${rand}`;
}
