import { describe, expect, it } from 'vitest';
import { changedEntries, draftOf, sectionSchema, type FieldDef } from './option-fields';

const fields: FieldDef[] = [
  { key: 'ServerAddress', kind: 'url', label: 'l' },
  { key: 'SMTPToken', kind: 'secret', label: 'l' },
  { key: 'RetryTimes', kind: 'int', rule: 'nonNegative', label: 'l' },
  { key: 'Price', kind: 'float', rule: 'nonNegative', label: 'l' },
  { key: 'Budget', kind: 'float', rule: 'fraction', label: 'l' },
  { key: 'Interval', kind: 'int', rule: 'atLeastOne', label: 'l' },
  { key: 'GroupRatio', kind: 'json', label: 'l' },
  { key: 'TopupGroupRatio', kind: 'json', invalidMessage: 'settings.errors.topupGroupRatio', label: 'l' },
  { key: 'Limits', kind: 'json', shape: (v) => (Array.isArray(v) ? null : 'settings.errors.rateLimitGroup'), label: 'l' },
  { key: 'Notice', kind: 'textarea', label: 'l' },
];
const options = {
  ServerAddress: 'https://gw.example/',
  RetryTimes: '3',
  Price: '7.3',
  Budget: '0.8',
  Interval: '5',
  GroupRatio: '{"default":1,"vip":0.5}',
  TopupGroupRatio: '{"default":1}',
  Limits: '[]',
  Notice: '',
};
const draft = draftOf(fields, options);
const schema = sectionSchema(fields);
const errorsOf = (patch: Record<string, string>) => {
  const parsed = schema.safeParse({ ...draft, ...patch });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('settings fields', () => {
  it('start from the options: JSON pretty-printed, secrets empty', () => {
    expect(draft.GroupRatio).toBe('{\n  "default": 1,\n  "vip": 0.5\n}');
    expect(draft.SMTPToken).toBe('');
    expect(draft.ServerAddress).toBe('https://gw.example/');
  });

  it.each([
    [{ RetryTimes: 'x' }, { RetryTimes: 'settings.errors.integer' }],
    [{ RetryTimes: '1.5' }, { RetryTimes: 'settings.errors.integer' }],
    [{ RetryTimes: '-1' }, { RetryTimes: 'settings.errors.nonNegative' }],
    [{ Price: 'abc' }, { Price: 'settings.errors.number' }],
    [{ Price: '' }, { Price: 'settings.errors.number' }],
    [{ Budget: '0.05' }, { Budget: 'settings.errors.fraction' }],
    [{ Budget: '1.2' }, { Budget: 'settings.errors.fraction' }],
    [{ Interval: '0' }, { Interval: 'settings.errors.atLeastOne' }],
    [{ GroupRatio: '{"a":' }, { GroupRatio: 'settings.errors.json' }],
    [{ TopupGroupRatio: 'nope' }, { TopupGroupRatio: 'settings.errors.topupGroupRatio' }],
    [{ Limits: '{}' }, { Limits: 'settings.errors.rateLimitGroup' }],
    [{ Budget: '0.1', Interval: '1', RetryTimes: '0', Price: '.5' }, {}],
  ])('checks %j', (patch, errors) => {
    expect(errorsOf(patch)).toEqual(errors);
  });

  it('strip trailing slashes from addresses on the way out', () => {
    const parsed = schema.parse({ ...draft, ServerAddress: 'https://new.example//' });
    expect(parsed.ServerAddress).toBe('https://new.example');
  });

  it('send nothing when nothing changed (the stored address with its slash counts as unchanged)', () => {
    expect(changedEntries(fields, schema.parse(draft), options)).toEqual([]);
  });

  it('send only changed keys: numbers by value, JSON by content, a secret only when typed', () => {
    const values = schema.parse({ ...draft, RetryTimes: ' 3 ', Price: '7.30', GroupRatio: '{"vip":0.5,"default":1}', Notice: 'hello', SMTPToken: ' s3cret ' });
    expect(changedEntries(fields, values, options)).toEqual([
      { key: 'SMTPToken', value: 's3cret' },
      { key: 'Notice', value: 'hello' },
    ]);
  });
});
