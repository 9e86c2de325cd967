import { z } from 'zod';
import { completionRatioOf, inputPriceOf, ratioOfInputPrice, tidy } from './price-maps';
import { billedPerRequest, type RatioRow } from './ratio-rows';

/** The add/edit dialog's values: per-token pricing is typed as ratios or as USD per 1M tokens. */
export type RatioRowDraft = {
  name: string;
  mode: 'token' | 'request';
  tokenInput: 'ratio' | 'price';
  price: string;
  ratio: string;
  completionRatio: string;
  inputPrice: string;
  outputPrice: string;
};

export const EMPTY_ROW_DRAFT: RatioRowDraft = { name: '', mode: 'token', tokenInput: 'ratio', price: '', ratio: '', completionRatio: '', inputPrice: '', outputPrice: '' };

const text = (n: number | undefined): string => (n === undefined ? '' : String(n));

export function draftOfRow(row: RatioRow): RatioRowDraft {
  const inputPrice = row.ratio === undefined ? undefined : inputPriceOf(row.ratio);
  return {
    ...EMPTY_ROW_DRAFT,
    name: row.name,
    mode: billedPerRequest(row) ? 'request' : 'token',
    price: text(row.price),
    ratio: text(row.ratio),
    completionRatio: text(row.completionRatio),
    inputPrice: text(inputPrice),
    outputPrice: inputPrice === undefined ? '' : text(tidy(inputPrice * (row.completionRatio ?? 1))),
  };
}

/** A plain non-negative decimal, as typed. */
export const isDecimal = (s: string): boolean => /^(\d+\.?\d*|\.\d+)$/.test(s.trim());

/**
 * The dialog's checks with the seeds' messages (请输入数字, 模型名称已存在, 模型价格不能为0); the output is
 * the row. Switching mode clears the other mode's values (the dialog does it), so each mode reads only its own.
 */
export function ratioRowSchema(takenNames: ReadonlySet<string>) {
  const field = z.string();
  return z
    .object({ name: field, mode: z.enum(['token', 'request']), tokenInput: z.enum(['ratio', 'price']), price: field, ratio: field, completionRatio: field, inputPrice: field, outputPrice: field })
    .superRefine((d, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const decimal = (path: keyof RatioRowDraft, required: boolean, requiredMessage = 'settings.errors.number') => {
        const value = d[path as 'price'].trim();
        if (!value) {
          if (required) issue(path, requiredMessage);
          return;
        }
        if (!isDecimal(value)) issue(path, 'settings.errors.number');
      };
      const name = d.name.trim();
      if (!name) issue('name', 'settings.ratio.errors.name');
      else if (takenNames.has(name)) issue('name', 'settings.ratio.errors.duplicate');
      if (d.mode === 'request') {
        decimal('price', true);
        if (isDecimal(d.price) && Number(d.price) === 0) issue('price', 'settings.ratio.errors.zeroPrice');
      } else if (d.tokenInput === 'ratio') {
        decimal('ratio', true, 'settings.ratio.errors.ratioRequired');
        decimal('completionRatio', false);
      } else {
        decimal('inputPrice', true, 'settings.ratio.errors.inputPriceRequired');
        decimal('outputPrice', false);
        if (d.outputPrice.trim() && isDecimal(d.inputPrice) && Number(d.inputPrice) === 0) issue('inputPrice', 'settings.ratio.errors.inputPriceZero');
      }
    })
    .transform((d): RatioRow => {
      const name = d.name.trim();
      if (d.mode === 'request') return { name, price: Number(d.price) };
      if (d.tokenInput === 'ratio') return { name, ratio: Number(d.ratio), ...(d.completionRatio.trim() ? { completionRatio: Number(d.completionRatio) } : {}) };
      const input = Number(d.inputPrice);
      return { name, ratio: ratioOfInputPrice(input), ...(d.outputPrice.trim() ? { completionRatio: completionRatioOf(input, Number(d.outputPrice)) } : {}) };
    });
}
