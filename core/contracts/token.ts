import { z } from 'zod';
import { boundedText, GROUP_MAX, shortText } from './bounded-text.js';

export const TOKEN_STATUS = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const;

/** A token as `/api/token/` returns it: the key is the plain 48 characters, without `sk-`. */
export const tokenSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().optional(),
  key: z.string(),
  status: z.number().int(),
  name: z.string(),
  created_time: z.number(),
  accessed_time: z.number().optional(),
  expired_time: z.number(),
  remain_quota: z.number(),
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  model_limits: z.string(),
  allow_ips: z.string().nullable().optional(),
  used_quota: z.number(),
  group: z.string(),
});
export type Token = z.infer<typeof tokenSchema>;

/** new-api limits token names to 30 bytes of UTF-8 (ten Chinese characters), in the console and the server. */
export const TOKEN_NAME_MAX_BYTES = 30;
export const tokenNameTooLong = (name: string | undefined): boolean => new TextEncoder().encode(name ?? '').length > TOKEN_NAME_MAX_BYTES;
export const TOKEN_NAME_TOO_LONG = '令牌名称过长';

/** `POST /api/token/` (create) and `PUT /api/token/` (full edit, with id). `expired_time` -1 = never. */
export const tokenWriteSchema = z.object({
  id: z.number().int().optional(),
  name: z.string().refine((name) => !tokenNameTooLong(name), TOKEN_NAME_TOO_LONG),
  expired_time: z.number().int(),
  remain_quota: z.number().int().min(0),
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  model_limits: z.string(),
  allow_ips: z.string(),
  group: z.string(),
});
export type TokenWrite = z.infer<typeof tokenWriteSchema>;

/** `PUT /api/token/?status_only=true`. */
export const tokenStatusUpdateSchema = z.object({ id: z.number().int(), status: z.number().int() });
export type TokenStatusUpdate = z.infer<typeof tokenStatusUpdateSchema>;

/**
 * The same bodies as the server reads them: every field optional (a status-only update sends id and status,
 * an edit may leave fields out), text bounded before it reaches the database. The name's byte limit is
 * checked after parsing, with its own message.
 */
export const tokenInputSchema = z.object({
  id: z.number().int().optional(),
  name: shortText.optional(),
  status: z.number().int().min(1).max(4).optional(),
  expired_time: z.number().int().min(-1).optional(),
  remain_quota: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  unlimited_quota: z.boolean().optional(),
  model_limits_enabled: z.boolean().optional(),
  // model_limits is varchar(1024).
  model_limits: boundedText(1024).optional(),
  allow_ips: boundedText(10_000).nullable().optional(),
  group: boundedText(GROUP_MAX).optional(),
});
export type TokenInput = z.infer<typeof tokenInputSchema>;

/** `POST /api/token/batch` (added to new-api after the described commit): ids of the caller's tokens to delete. */
export const tokenBatchSchema = z.object({ ids: z.array(z.number().int()).max(1000) });
