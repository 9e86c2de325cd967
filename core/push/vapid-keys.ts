import webpush from 'web-push';
import type { Sql } from '../db/connect.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The installation's VAPID key pair, made on the first start. Nodes starting together may each generate
 * one: the insert keeps the first and everyone reads that one back, so all nodes sign with the same key.
 */
export async function loadVapidKeys(sql: Sql, now = Math.floor(Date.now() / 1000)): Promise<VapidKeys> {
  const read = () => sql<{ public_key: string; private_key: string }[]>`SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1`;
  let [row] = await read();
  if (!row) {
    const fresh = webpush.generateVAPIDKeys();
    await sql`INSERT INTO push_vapid_keys (id, public_key, private_key, created_at)
              VALUES (1, ${fresh.publicKey}, ${fresh.privateKey}, ${now}) ON CONFLICT (id) DO NOTHING`;
    [row] = await read();
  }
  if (!row) throw new Error('VAPID keys could not be stored');
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** Push services reject a localhost subject (Apple answers BadJwtToken); a public https address names us best. */
const FALLBACK_SUBJECT = 'mailto:webpush@ferryman.invalid';

/** The VAPID `sub` claim: the server's https address when it has a public one, else a mailto address. */
export function vapidSubject(serverAddress: string): string {
  try {
    const url = new URL(serverAddress);
    const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
    return url.protocol === 'https:' && !local ? url.origin : FALLBACK_SUBJECT;
  } catch {
    return FALLBACK_SUBJECT;
  }
}
