import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `/mj/image/:id` needs no login (clients put the link in an <img>), so the link carries a short HMAC of
 * the task id (new-api's SignMjImage fix for CVE-2026-9306: "mjimg:" + id, SHA-256, 16 hex digits);
 * without it, Midjourney ids — timestamps plus a few digits — would let anyone page through others' images.
 */
export function mjImageSignature(secret: string, mjId: string): string {
  return createHmac('sha256', secret).update(`mjimg:${mjId}`).digest('hex').slice(0, 16);
}

export function mjImageSignatureValid(secret: string, mjId: string, sig: string): boolean {
  const want = Buffer.from(mjImageSignature(secret, mjId));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** The forwarded image link of a task (MjForwardUrlEnabled). */
export function mjImageUrl(serverAddress: string, secret: string, mjId: string): string {
  return `${serverAddress}/mj/image/${encodeURIComponent(mjId)}?sig=${mjImageSignature(secret, mjId)}`;
}
