import { describe, expect, it } from 'vitest';
import { scalarArrayLiteral, textArrayLiteral } from './array-literal.js';

describe('textArrayLiteral', () => {
  it.each<[string[], string]>([
    [[], '{}'],
    [[''], '{""}'],
    [['NULL', 'null'], '{"NULL","null"}'],
    [['a"b'], '{"a\\"b"}'],
    [['back\\slash'], '{"back\\\\slash"}'],
    [['{brace}', 'comma,x', ' padded '], '{"{brace}","comma,x"," padded "}'],
    [['line\nbreak\ttab'], '{"line\nbreak\ttab"}'],
    [['模型倍率 0.07', '🚀'], '{"模型倍率 0.07","🚀"}'],
    [['"\\"'], '{"\\"\\\\\\""}'],
  ])('%j → %s', (values, literal) => {
    expect(textArrayLiteral(values)).toBe(literal);
  });
});

describe('scalarArrayLiteral', () => {
  it.each<[(number | boolean)[], string]>([
    [[], '{}'],
    [[1, 2, 3], '{1,2,3}'],
    [[1_000_000_000_000_000, 0, -5], '{1000000000000000,0,-5}'],
    [[true, false], '{t,f}'],
  ])('%j → %s', (values, literal) => {
    expect(scalarArrayLiteral(values)).toBe(literal);
  });
});
