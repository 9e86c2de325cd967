import { describe, expect, it } from 'vitest';
import { priceMapsOf } from './price-maps';
import { applyFill, EMPTY_EDIT, fillError, mergeUnsetEdits, unsetModelNames, type Fill } from './unset-models';

const maps = priceMapsOf({ ModelPrice: '{"priced":0.1}', ModelRatio: '{"rated":2}', CompletionRatio: '{"only-completion":3}' });
const fill = (patch: Partial<Fill>): Fill => ({ type: 'ratio', value: '', ratio: '', completionRatio: '', ...patch });

describe('models without ratios', () => {
  it('are the enabled models with neither a price nor a ratio', () => {
    expect(unsetModelNames(['rated', 'priced', 'z-new', 'only-completion', 'z-new'], maps)).toEqual(['only-completion', 'z-new']);
  });

  it.each([
    [fill({ value: '1' }), 0, 'settings.unset.errors.noSelection'],
    [fill({ value: ' ' }), 2, 'settings.unset.errors.value'],
    [fill({ value: 'abc' }), 2, 'settings.unset.errors.invalidNumber'],
    [fill({ type: 'bothRatio', ratio: '1' }), 2, 'settings.unset.errors.bothRequired'],
    [fill({ type: 'bothRatio', ratio: '1', completionRatio: 'x' }), 2, 'settings.unset.errors.invalidNumber'],
    [fill({ type: 'price', value: '0.02' }), 2, null],
    [fill({ type: 'bothRatio', ratio: '1', completionRatio: '2' }), 1, null],
  ])('batch fill %j with %i selected → %s', (f, count, error) => {
    expect(fillError(f, count)).toBe(error);
  });

  it('fill a price (clearing ratios) or a ratio (clearing the price) for the selected models only', () => {
    const edits = { a: { price: '', ratio: '1', completionRatio: '2' }, b: { price: '0.3', ratio: '', completionRatio: '' } };
    expect(applyFill(edits, ['a'], fill({ type: 'price', value: '0.5' }))).toEqual({ ...edits, a: { price: '0.5', ratio: '', completionRatio: '' } });
    expect(applyFill(edits, ['b', 'c'], fill({ type: 'ratio', value: '3' }))).toEqual({
      a: edits.a,
      b: { price: '', ratio: '3', completionRatio: '' },
      c: { ...EMPTY_EDIT, ratio: '3' },
    });
    expect(applyFill({}, ['c'], fill({ type: 'bothRatio', ratio: '1', completionRatio: '4' }))).toEqual({ c: { price: '', ratio: '1', completionRatio: '4' } });
  });

  it('merge into the stored maps: a price wins, blank models are left out', () => {
    const merged = mergeUnsetEdits(maps, {
      x: { price: '0.2', ratio: '9', completionRatio: '9' },
      y: { price: '', ratio: '1.5', completionRatio: '' },
      z: { price: '', ratio: '', completionRatio: '' },
    });
    expect(merged).toEqual({
      ModelPrice: { priced: 0.1, x: 0.2 },
      ModelRatio: { rated: 2, y: 1.5 },
      CompletionRatio: { 'only-completion': 3 },
    });
  });
});
