import { z } from 'zod';
import { boundedText, GROUP_MAX, shortText } from '../../contracts/bounded-text.js';

export const tokenInput = z.object({
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

export type TokenInput = z.infer<typeof tokenInput>;

/** POST /api/token/batch (added to new-api after the described commit): ids of the caller's tokens. */
export const tokenBatchInput = z.object({ ids: z.array(z.number().int()).max(1000) });

/** new-api limits names to 30 bytes. */
export const nameTooLong = (name: string | undefined): boolean => Buffer.byteLength(name ?? '', 'utf8') > 30;
