import { z } from 'zod';
import type { PushPreferences } from '../../../../core/contracts/push';

export type ThresholdValues = { threshold: string };

/** USD, 0 turns channel balance alerts off; numeric input only (请输入有效的数字). */
export const thresholdSchema: z.ZodType<PushPreferences, ThresholdValues> = z.object({
  threshold: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'push.threshold.invalid')
    .transform(Number)
    .refine((n) => n <= 1_000_000, 'push.threshold.invalid'),
}).transform(({ threshold }) => ({ channel_balance_threshold: threshold }));
