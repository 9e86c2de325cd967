import { describe, expect, it } from 'vitest';
import { cleanGeminiSchema, geminiSchemaToJsonSchema } from './clean-gemini-schema.js';

describe('cleanGeminiSchema', () => {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Args',
    type: 'object',
    additionalProperties: false,
    properties: {
      default: { type: ['string', 'null'], format: 'uri', default: 'x', title: 'a property named default' },
      when: { type: 'string', format: 'date-time' },
      n: { type: 'integer', exclusiveMinimum: 0 },
      list: { type: 'array', items: { type: 'object', additionalProperties: true, properties: { k: { type: 'string', format: 'email' } } } },
      either: { anyOf: [{ type: 'string', default: '' }, { $ref: '#/$defs/t' }] },
    },
    $defs: { t: { type: 'object', additionalProperties: false } },
    required: ['default'],
  };

  it('removes what Gemini refuses at every depth, and leaves property names alone', () => {
    expect(cleanGeminiSchema(schema)).toEqual({
      title: 'Args',
      type: 'object',
      properties: {
        default: { type: 'string', title: 'a property named default' },
        when: { type: 'string', format: 'date-time' },
        n: { type: 'integer' },
        list: { type: 'array', items: { type: 'object', properties: { k: { type: 'string' } } } },
        either: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/t' }] },
      },
      $defs: { t: { type: 'object' } },
      required: ['default'],
    });
  });

  it('drops titles from a response schema, and never changes the client body', () => {
    const copy = structuredClone(schema);
    const cleaned = cleanGeminiSchema(schema, { dropTitles: true });
    expect(cleaned.title).toBeUndefined();
    expect((cleaned.properties as Record<string, Record<string, unknown>>).default!.title).toBeUndefined();
    expect(schema).toEqual(copy);
  });

  it('narrows a type list with only null to string', () => {
    expect(cleanGeminiSchema({ type: ['null'] })).toEqual({ type: 'string' });
  });
});

describe('geminiSchemaToJsonSchema', () => {
  it('lowercases the SDK Type enum at every depth', () => {
    expect(geminiSchemaToJsonSchema({ type: 'OBJECT', properties: { xs: { type: 'ARRAY', items: { type: 'STRING', enum: ['A'] } } } })).toEqual({
      type: 'object',
      properties: { xs: { type: 'array', items: { type: 'string', enum: ['A'] } } },
    });
  });
});
