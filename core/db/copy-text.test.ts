import { describe, expect, it } from 'vitest';
import { copyTextRow, copyTextValue } from './copy-text.js';

describe('copyTextValue', () => {
  it.each<[string, string]>([
    ['', ''],
    ['plain', 'plain'],
    // read as NULL and as the end of data if not escaped
    ['\\N', '\\\\N'],
    ['\\.', '\\\\.'],
    ['back\\slash', 'back\\\\slash'],
    ['line\nbreak\ttab\rcr', 'line\\nbreak\\ttab\\rcr'],
    // a consume log's `other`: JSON's own escapes keep their backslash
    ['{"k":"v\\n","q":"\\""}', '{"k":"v\\\\n","q":"\\\\""}'],
    // quotes, commas, braces, other control characters and any Unicode go as they are
    ['"q",{b}\u0001', '"q",{b}\u0001'],
    ['模型倍率 0.07 🚀 lone \ud800', '模型倍率 0.07 🚀 lone \ud800'],
  ])('%j → %j', (value, text) => {
    expect(copyTextValue(value)).toBe(text);
  });
});

describe('copyTextRow', () => {
  it.each<[(string | number | boolean)[], string]>([
    [[1, 'a', true], '1\ta\tt\n'],
    [[1_000_000_000_000_000, -5, 0, false], '1000000000000000\t-5\t0\tf\n'],
    [['', ''], '\t\n'],
    [['x\ty', 'z'], 'x\\ty\tz\n'],
  ])('%j → %j', (values, line) => {
    expect(copyTextRow(values)).toBe(line);
  });
});
