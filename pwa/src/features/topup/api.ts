import type { PayEnvelope } from '../../../../core/contracts/envelope';
import { api, request } from '../../lib/http-client';
import { BusinessError } from '../../lib/http-errors';

/** Redeems a code; data is the quota added. */
export const redeemCode = (key: string) => api.post<number>('/api/user/topup', { key });

/** These two answer `{message:"success"|"error", data}` with no `success` key. */
async function payCall(path: string, body: object): Promise<PayEnvelope> {
  const res = await request<PayEnvelope>('POST', path, { body });
  if (res.message !== 'success') throw new BusinessError(typeof res.data === 'string' ? res.data : '');
  return res;
}

/** The price to pay for an amount (a string with two decimals). */
export const quoteAmount = (amount: number) => payCall('/api/user/amount', { amount, top_up_code: '' }).then((r) => String(r.data));

/** Creates an EPay order: data carries the form fields, url the submit address. */
export const createPayment = (amount: number, paymentMethod: 'zfb' | 'wx') =>
  payCall('/api/user/pay', { amount, top_up_code: '', payment_method: paymentMethod }).then((r) => ({
    url: r.url ?? '',
    params: (r.data ?? {}) as Record<string, string | number>,
  }));

/** Sends the order fields to the payment page as a hidden form. */
export function submitPaymentForm(url: string, params: Record<string, string | number>, newTab: boolean): void {
  const form = document.createElement('form');
  form.action = url;
  form.method = 'POST';
  if (newTab) form.target = '_blank';
  for (const [name, value] of Object.entries(params)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
