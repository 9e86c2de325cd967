import { describe, expect, it } from 'vitest';
import { prettyJson, rebaseDraft, sameJson, stripTrailingSlashes } from './option-values';

describe('option values', () => {
  it.each([
    ['https://a.example/', 'https://a.example'],
    [' https://a.example/// ', 'https://a.example'],
    ['https://a.example/v1', 'https://a.example/v1'],
    ['', ''],
  ])('strips trailing slashes: %j → %j', (input, output) => {
    expect(stripTrailingSlashes(input)).toBe(output);
  });

  it.each([
    ['{"a":1,"b":2}', '{\n  "b": 2,\n  "a": 1\n}', true],
    ['{"a":1}', '{"a":1.5}', false],
    ['[1,2]', '[2,1]', false],
    ['{"a":[{"x":1,"y":2}]}', '{"a":[{"y":2,"x":1}]}', true],
    ['not json', ' not json ', true],
  ])('sameJson(%j, %j) = %s', (a, b, same) => {
    expect(sameJson(a, b)).toBe(same);
  });

  it('pretty-prints JSON and leaves other text alone', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('{oops')).toBe('{oops');
  });

  it('re-bases only the fields whose server value changed', () => {
    const draft = { A: 'typed', B: 'typed too', C: 'x' };
    expect(rebaseDraft(draft, { A: '1', B: '2', C: 'x' }, { A: '1', B: 'saved', C: 'x' })).toEqual({ A: 'typed', B: 'saved', C: 'x' });
  });
});
