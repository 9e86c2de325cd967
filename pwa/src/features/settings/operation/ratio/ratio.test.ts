import { describe, expect, it } from 'vitest';
import { completionRatioOf, inputPriceOf, priceMapChanges, priceMapsOf, ratioOfInputPrice } from './price-maps';
import { draftOfRow, EMPTY_ROW_DRAFT, ratioRowSchema, type RatioRowDraft } from './ratio-row-schema';
import { ratioRows, rowsToMaps, upsertRow } from './ratio-rows';

const options = {
  ModelPrice: '{"mj_imagine":0.1}',
  ModelRatio: '{"gpt-4o":1.25,"claude":1.5}',
  CompletionRatio: '{"gpt-4o":4,"only-completion":2}',
};

describe('price conversion', () => {
  it.each([
    [1.25, 2.5],
    [0.075, 0.15],
    [15, 30],
  ])('ratio %s ↔ $%s per 1M input tokens', (ratio, price) => {
    expect(inputPriceOf(ratio)).toBe(price);
    expect(ratioOfInputPrice(price)).toBe(ratio);
  });
  it.each([
    [2.5, 10, 4],
    [0.15, 0.6, 4],
    [3, 15, 5],
    [1, 1, 1],
  ])('completion ratio = output / input: %s → %s gives %s', (input, output, ratio) => {
    expect(completionRatioOf(input, output)).toBe(ratio);
  });
});

describe('ratio rows', () => {
  it('list every model of the three maps and round-trip untouched', () => {
    const maps = priceMapsOf(options);
    const rows = ratioRows(maps);
    expect(rows.map((r) => r.name)).toEqual(['claude', 'gpt-4o', 'mj_imagine', 'only-completion']);
    expect(rows.find((r) => r.name === 'gpt-4o')).toEqual({ name: 'gpt-4o', ratio: 1.25, completionRatio: 4 });
    expect(rowsToMaps(rows)).toEqual(maps);
    expect(priceMapChanges(rowsToMaps(rows), options)).toEqual([]);
  });

  it('save only the maps an edit changed, pretty-printed', () => {
    const rows = upsertRow(ratioRows(priceMapsOf(options)), { name: 'claude', ratio: 3 }, 'claude');
    expect(priceMapChanges(rowsToMaps(rows), options)).toEqual([{ key: 'ModelRatio', value: '{\n  "claude": 3,\n  "gpt-4o": 1.25\n}' }]);
  });

  it('add a new row on top', () => {
    expect(upsertRow([{ name: 'a', ratio: 1 }], { name: 'b', price: 0.2 }).map((r) => r.name)).toEqual(['b', 'a']);
  });
});

describe('the add/edit dialog', () => {
  const schema = ratioRowSchema(new Set(['gpt-4o']));
  const parse = (patch: Partial<RatioRowDraft>) => schema.safeParse({ ...EMPTY_ROW_DRAFT, name: 'new-model', ...patch });
  const error = (patch: Partial<RatioRowDraft>) => {
    const r = parse(patch);
    return r.success ? null : r.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
  };

  it.each([
    [{ name: ' ', ratio: '1' }, ['name:settings.ratio.errors.name']],
    [{ name: 'gpt-4o', ratio: '1' }, ['name:settings.ratio.errors.duplicate']],
    [{ ratio: '' }, ['ratio:settings.ratio.errors.ratioRequired']],
    [{ ratio: 'abc' }, ['ratio:settings.errors.number']],
    [{ ratio: '1', completionRatio: 'x' }, ['completionRatio:settings.errors.number']],
    [{ mode: 'request', price: '0' }, ['price:settings.ratio.errors.zeroPrice']],
    [{ mode: 'request', price: '-1' }, ['price:settings.errors.number']],
    [{ tokenInput: 'price', inputPrice: '' }, ['inputPrice:settings.ratio.errors.inputPriceRequired']],
    [{ tokenInput: 'price', inputPrice: '0', outputPrice: '1' }, ['inputPrice:settings.ratio.errors.inputPriceZero']],
  ] as const)('refuses %j', (patch, issues) => {
    expect(error(patch)).toEqual(issues);
  });

  it.each([
    [
      { ratio: '1.25', completionRatio: '4' },
      { name: 'new-model', ratio: 1.25, completionRatio: 4 },
    ],
    [{ ratio: '2' }, { name: 'new-model', ratio: 2 }],
    [
      { tokenInput: 'price', inputPrice: '2.5', outputPrice: '10' },
      { name: 'new-model', ratio: 1.25, completionRatio: 4 },
    ],
    [
      { tokenInput: 'price', inputPrice: '3' },
      { name: 'new-model', ratio: 1.5 },
    ],
    [
      { mode: 'request', price: '0.04' },
      { name: 'new-model', price: 0.04 },
    ],
  ] as const)('turns %j into the row %j', (patch, row) => {
    expect(parse(patch)).toMatchObject({ success: true, data: row });
  });

  it('may keep its own name when editing, and shows prices for the ratios', () => {
    const editing = ratioRowSchema(new Set([]));
    const draft = draftOfRow({ name: 'gpt-4o', ratio: 1.25, completionRatio: 4 });
    expect(draft).toMatchObject({ mode: 'token', ratio: '1.25', completionRatio: '4', inputPrice: '2.5', outputPrice: '10' });
    expect(editing.parse(draft)).toEqual({ name: 'gpt-4o', ratio: 1.25, completionRatio: 4 });
    expect(draftOfRow({ name: 'mj', price: 0.1 })).toMatchObject({ mode: 'request', price: '0.1' });
  });
});
