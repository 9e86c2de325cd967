import { z } from 'zod';
import { boundedText, URL_MAX } from './bounded-text.js';

/** Decoded length of unpadded or padded base64url text. */
const base64urlBytes = (s: string): number => Math.floor((s.replace(/=+$/, '').length * 3) / 4);

/** base64url of exactly `bytes` bytes: a browser's P-256 public key is 65 bytes, its auth secret 16. */
const base64urlOf = (bytes: number) =>
  z
    .string()
    .max(128)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((s) => base64urlBytes(s) === bytes);

/**
 * `POST /api/push/subscribe`: PushSubscription.toJSON() (endpoint and keys; expirationTime is ignored) plus
 * the console's language, which the alerts are written in.
 */
export const pushSubscribeSchema = z.object({
  endpoint: boundedText(URL_MAX).url().refine((u) => /^https?:\/\//i.test(u)),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64urlOf(65), auth: base64urlOf(16) }),
  lang: z.enum(['zh-CN', 'en']).optional(),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeSchema>;

/** `DELETE /api/push/subscribe`. */
export const pushUnsubscribeSchema = z.object({ endpoint: boundedText(URL_MAX) });

/** `PUT /api/push/preferences`: alert when a channel's balance (USD) falls below this; 0 turns it off. */
export const pushPreferencesSchema = z.object({ channel_balance_threshold: z.number().min(0).max(1_000_000) });
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/** `GET /api/push/`: the caller's alert settings. */
export interface PushStatus {
  public_key: string;
  /** browsers this administrator subscribed */
  devices: number;
  channel_balance_threshold: number;
}

/** `POST /api/push/test`. */
export interface PushTestResult {
  sent: number;
  failed: number;
}
