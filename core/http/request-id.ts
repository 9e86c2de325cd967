import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
let pool = randomBytes(4096);
let offset = 0;
let seq = 0;

// The timestamp part changes once a second; it is formatted once per second, not per request.
let stampSecond = -1;
let stamp = '';

/** new-api's X-Oneapi-Request-Id: 14-digit UTC timestamp, a sequence, then 8 random characters. */
export function newRequestId(now = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  if (second !== stampSecond) {
    stampSecond = second;
    stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  }
  if (offset + 8 > pool.length) {
    pool = randomBytes(4096);
    offset = 0;
  }
  let rand = '';
  for (let i = 0; i < 8; i++) rand += ALPHABET[pool[offset++]! % ALPHABET.length];
  seq = (seq + 1) % 1_000_000_000;
  return `${stamp}${String(seq).padStart(9, '0')}${rand}`;
}
