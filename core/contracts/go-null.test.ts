import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withoutGoNulls } from './go-null.js';

describe('withoutGoNulls', () => {
  const schema = z.object({
    name: z.string().default(''),
    code: z.string().optional(),
    // null means something here ("clear it"), so it is kept
    note: z.string().nullable().optional(),
    inner: z.object({ a: z.number().optional(), b: z.number().nullable() }).optional(),
    list: z.array(z.object({ x: z.string().optional() })).optional(),
  });

  it.each<[string, unknown, unknown]>([
    ['drops a null field its schema refuses', { name: null, code: null }, {}],
    ['keeps a null the schema accepts', { note: null }, { note: null }],
    ['drops a null unknown field, keeps other unknown fields', { extra: null, other: 1 }, { other: 1 }],
    ['walks nested objects', { inner: { a: null, b: null } }, { inner: { b: null } }],
    ['walks arrays of objects', { list: [{ x: null }, { x: 'y' }] }, { list: [{}, { x: 'y' }] }],
    ['leaves a body that is not an object alone', null, null],
    ['leaves non-null values alone', { name: 'n', code: 'c' }, { name: 'n', code: 'c' }],
  ])('%s', (_name, raw, expected) => {
    expect(withoutGoNulls(schema, raw)).toEqual(expected);
  });

  it('sees through wrappers (default, pipe) to the object', () => {
    const wrapped = z.object({ a: z.string().optional() }).default({}).pipe(z.object({ a: z.string().optional() }));
    expect(withoutGoNulls(wrapped, { a: null })).toEqual({});
  });

  it('makes a null optional field parse as the zero value Go would give it', () => {
    expect(schema.parse(withoutGoNulls(schema, { name: null }))).toMatchObject({ name: '' });
  });
});
