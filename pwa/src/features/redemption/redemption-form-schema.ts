import { z } from 'zod';
import { REDEMPTION_BATCH_MAX, REDEMPTION_DEFAULT_QUOTA, REDEMPTION_NAME_MAX, type Redemption, type RedemptionCreate } from '../../../../core/contracts/redemption';
import { formatQuota, type QuotaDisplay } from '../../lib/quota-format';

/** As typed: quota is raw quota units, count the batch size (create only). */
export type RedemptionFormValues = { name: string; quota: string; count: string };

export const defaultRedemptionForm = (): RedemptionFormValues => ({ name: '', quota: String(REDEMPTION_DEFAULT_QUOTA), count: '1' });

export const redemptionToForm = (code: Redemption): RedemptionFormValues => ({ name: code.name, quota: String(code.quota), count: '1' });

const wholeNumber = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n), message);

/**
 * The create/edit form: quota a positive whole number, count 1 to 100, name 1 to 20 characters. On create
 * an empty name becomes the formatted quota (new-api's default); editing keeps the name required.
 */
export function redemptionFormSchema(display: QuotaDisplay, creating: boolean): z.ZodType<RedemptionCreate, RedemptionFormValues> {
  return z
    .object({
      name: z.string().trim(),
      quota: wholeNumber('redemptions.form.errors.quota').refine((n) => n > 0, 'redemptions.form.errors.quota'),
      count: creating ? wholeNumber('redemptions.form.errors.count').refine((n) => n >= 1 && n <= REDEMPTION_BATCH_MAX, 'redemptions.form.errors.count') : z.string().transform(() => 1),
    })
    .transform(({ name, quota, count }) => ({ name: name || (creating ? formatQuota(quota, display) : ''), quota, count }))
    .refine((v) => v.name !== '', { path: ['name'], message: 'redemptions.form.errors.nameRequired' })
    .refine((v) => [...v.name].length <= REDEMPTION_NAME_MAX, { path: ['name'], message: 'redemptions.form.errors.nameLength' });
}
