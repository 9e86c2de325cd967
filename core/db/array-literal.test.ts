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
    // a consume log's `other`: JSON whose own escapes are escaped again
    [['{"k":"v\\n","q":"\\""}'], '{"{\\"k\\":\\"v\\\\n\\",\\"q\\":\\"\\\\\\"\\"}"}'],
    // control characters and surrogates are built one by one (JSON would write them as escapes)
    [['a"b', 'cr\r', '\u0001'], '{"a\\"b","cr\r","\u0001"}'],
    [['lone \ud800', '"q"'], '{"lone \ud800","\\"q\\""}'],
  ])('%j → %s', (values, literal) => {
    expect(textArrayLiteral(values)).toBe(literal);
  });
});

describe('scalarArrayLiteral', () => {
  it.each<[(number | boolean)[], string]>([
    [[], '{}'],
    [[1, 2, 3], '{1,2,3}'],
    [[1_000_000_000_000_000, 0, -5], '{1000000000000000,0,-5}'],
    [[true, false], '{true,false}'],
  ])('%j → %s', (values, literal) => {
    expect(scalarArrayLiteral(values)).toBe(literal);
  });
});
