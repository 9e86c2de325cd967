import { z } from 'zod';

/**
 * The `/api/*` response envelope: `{success, message, data}`, sent with HTTP 200 even for
 * business errors. `data` is omitted (not null) when there is nothing to return.
 * The odd shapes (`/api/user/pay`, `/api/user/amount`, `/api/pricing`, `/api/setup`) have their own schemas.
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string().optional().default(''),
    data: data.optional(),
  });
}

export interface Envelope<T> {
  success: boolean;
  message?: string;
  data?: T;
}

/** `{items,total,page,page_size}`: users, logs and redemptions. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item).nullable(),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

export interface Page<T> {
  items: T[] | null;
  total: number;
  page: number;
  page_size: number;
}

/** `/api/user/pay` and `/api/user/amount` carry no `success` key: `message` is "success" or "error". */
export const payEnvelopeSchema = z.object({
  message: z.enum(['success', 'error']),
  data: z.unknown(),
  url: z.string().optional(),
});
export type PayEnvelope = z.infer<typeof payEnvelopeSchema>;
