import { request, type Dispatcher } from 'undici';
import webpush from 'web-push';
import type { PushMessage } from './admin-event.js';
import type { VapidKeys } from './vapid-keys.js';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** sent: the push service took it; gone: the subscription no longer exists (drop it); failed: try another time. */
export type DeliveryOutcome = { result: 'sent' } | { result: 'gone'; status: number } | { result: 'failed'; reason: string };

/** Alerts are stale after a day (a channel disabled yesterday has long been looked at). */
const TTL_SECONDS = 86_400;
const TIMEOUT_MS = 10_000;

/**
 * Encrypts the message to the browser's keys (RFC 8291, aes128gcm) and signs the request with the VAPID
 * key (RFC 8292) through web-push, then posts it with undici through the given dispatcher: the endpoint
 * came from a browser, so the outbound-address policy applies (web-push's own sender would bypass it).
 */
export async function deliverPush(target: PushTarget, message: PushMessage, keys: VapidKeys, subject: string, dispatcher: Dispatcher): Promise<DeliveryOutcome> {
  let details: webpush.RequestDetails;
  try {
    details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TTL_SECONDS,
      urgency: 'high',
    });
  } catch {
    // Keys a browser would never produce: the subscription cannot be used.
    return { result: 'gone', status: 0 };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  try {
    const res = await request(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ?? undefined,
      dispatcher,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body.dump();
    if (res.statusCode >= 200 && res.statusCode < 300) return { result: 'sent' };
    if (res.statusCode === 404 || res.statusCode === 410) return { result: 'gone', status: res.statusCode };
    return { result: 'failed', reason: `push service answered ${res.statusCode}` };
  } catch (e) {
    return { result: 'failed', reason: e instanceof Error ? e.message : String(e) };
  }
}
