import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedText, nulFreeText, shortText, SHORT_TEXT_MAX, textBoundProblem } from './bounded-text.js';

/** The refusal message for `value` in field `f` of a one-field object, or null when it parses. */
function problem(schema: z.ZodType, value: unknown): string | null {
  const parsed = z.object({ f: schema }).safeParse({ f: value });
  return parsed.success ? null : (textBoundProblem(parsed.error) ?? 'other failure');
}

describe('boundedText and textBoundProblem', () => {
  it.each<[string, z.ZodType, unknown, string | null]>([
    ['within the bound', boundedText(5), 'abcde', null],
    ['one past the bound', boundedText(5), 'abcdef', '无效的参数：f 长度不能超过 5 个字符'],
    ['NUL inside', boundedText(5), 'a\u0000b', '无效的参数：f 不能包含空字符 (NUL)'],
    ['NUL alone', shortText, '\u0000', '无效的参数：f 不能包含空字符 (NUL)'],
    ['empty', shortText, '', null],
    ['short text at its bound', shortText, 'x'.repeat(SHORT_TEXT_MAX), null],
    ['short text past it', shortText, 'x'.repeat(SHORT_TEXT_MAX + 1), `无效的参数：f 长度不能超过 ${SHORT_TEXT_MAX} 个字符`],
    ['2 KB', shortText, 'x'.repeat(2048), `无效的参数：f 长度不能超过 ${SHORT_TEXT_MAX} 个字符`],
    ['no length bound without max', nulFreeText, 'x'.repeat(2_000_000), null],
    ['but still no NUL', nulFreeText, `${'x'.repeat(1000)}\u0000`, '无效的参数：f 不能包含空字符 (NUL)'],
    ['a wrong type keeps the route message', shortText, 42, 'other failure'],
    ['a missing field keeps the route message', shortText, undefined, 'other failure'],
    ['an array item is named by its path', z.array(boundedText(3)), ['ok', 'long'], '无效的参数：f.1 长度不能超过 3 个字符'],
    ['inside a union', z.union([nulFreeText, z.number()]), 'n\u0000', '无效的参数：f 不能包含空字符 (NUL)'],
    ['a number in the union', z.union([nulFreeText, z.number()]), 7, null],
  ])('%s', (_name, schema, value, expected) => {
    expect(problem(schema, value)).toBe(expected);
  });

  it('keeps optional and default working', () => {
    expect(shortText.default('').parse(undefined)).toBe('');
    expect(shortText.optional().parse(undefined)).toBeUndefined();
  });
});
