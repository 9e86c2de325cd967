import { createHmac } from 'node:crypto';
import { request, type Dispatcher } from 'undici';

/** The JSON new-api POSTs to a user's webhook (service/webhook.go). */
export interface WebhookPayload {
  type: string;
  title: string;
  content: string;
  values: string[];
  /** unix seconds */
  timestamp: number;
}

/** X-Webhook-Signature: hex HMAC-SHA256 of the exact body bytes, keyed with the user's secret. */
export function webhookSignature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

const TIMEOUT_MS = 10_000;

/**
 * POSTs the payload through `dispatcher` (the user-url outbound policy), signed when a secret is set. Rejects
 * on a transport error, a refused address or any non-2xx answer; a redirect is such an answer, not followed.
 */
export async function sendWebhook(url: string, secret: string | undefined, payload: WebhookPayload, dispatcher: Dispatcher): Promise<void> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (secret) headers['X-Webhook-Signature'] = webhookSignature(secret, body);
  const res = await request(url, { method: 'POST', headers, body, dispatcher, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS, signal: AbortSignal.timeout(TIMEOUT_MS) });
  await res.body.dump();
  if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`webhook answered HTTP ${res.statusCode}`);
}
