import { z } from 'zod';

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

/** `POST /api/token/` (create) and `PUT /api/token/` (full edit, with id). `expired_time` -1 = never. */
export const tokenWriteSchema = z.object({
  id: z.number().int().optional(),
  name: z.string().max(30),
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
