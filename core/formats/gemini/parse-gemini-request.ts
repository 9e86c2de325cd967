import type { z } from 'zod';
import type { RelayFailure } from '../format-contracts.js';
import {
  batchEmbedContentsRequestSchema,
  countTokensRequestSchema,
  embedContentRequestSchema,
  generateContentRequestSchema,
} from './gemini-request-schema.js';
import { snakeCase } from './google-message.js';

const schemas = {
  generateContent: generateContentRequestSchema,
  countTokens: countTokensRequestSchema,
  embedContent: embedContentRequestSchema,
  batchEmbedContents: batchEmbedContentsRequestSchema,
};

export type GeminiRequestKind = keyof typeof schemas;
export type GeminiRequestOf<K extends GeminiRequestKind> = z.output<(typeof schemas)[K]>;
export type GeminiParse<K extends GeminiRequestKind> = { ok: true; request: GeminiRequestOf<K> } | { ok: false; failure: RelayFailure };

/** The field each request cannot go without, as Google names it when it is missing. */
const REQUIRED: Partial<Record<GeminiRequestKind, [message: string, field: string]>> = {
  generateContent: ['GenerateContentRequest', 'contents'],
  embedContent: ['EmbedContentRequest', 'content'],
  batchEmbedContents: ['BatchEmbedContentsRequest', 'requests'],
};

const PROTO_TYPES: Record<string, string> = { string: 'TYPE_STRING', number: 'TYPE_FLOAT', int: 'TYPE_INT32', boolean: 'TYPE_BOOL' };

/** A 400 as Google words it: `{error:{code:400, status:"INVALID_ARGUMENT"}}` once the error writer renders it. */
export const invalidArgument = (message: string): RelayFailure => ({ status: 400, message, type: 'INVALID_ARGUMENT', code: 400 });

/** The raw body text of a Gemini request, parsed and validated (see parseGeminiRequest). */
export function parseGeminiJson<K extends GeminiRequestKind>(kind: K, text: string): GeminiParse<K> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, failure: invalidArgument('Invalid JSON payload received. Unexpected token.') };
  }
  return parseGeminiRequest(kind, body);
}

/** A decoded Gemini request body checked against its schema; every failure is a 400 in Google's words, before any cost. */
export function parseGeminiRequest<K extends GeminiRequestKind>(kind: K, body: unknown): GeminiParse<K> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, failure: invalidArgument('Invalid JSON payload received. Root element must be a message.') };
  }
  const required = REQUIRED[kind];
  const record = body as Record<string, unknown>;
  if (required) {
    const [message, field] = required;
    const value = record[field];
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
      return { ok: false, failure: invalidArgument(`* ${message}.${field}: ${field} is not specified`) };
    }
  }
  const result = schemas[kind].safeParse(body);
  if (!result.success) return { ok: false, failure: invalidArgument(describe(result.error.issues[0]!, body)) };
  const contents = (result.data as { contents?: Array<{ parts: unknown[] }> | null }).contents ?? [];
  const emptyParts = contents.findIndex((c) => c.parts.length === 0);
  if (emptyParts >= 0) {
    return { ok: false, failure: invalidArgument(`* GenerateContentRequest.contents[${emptyParts}].parts: contents.parts must not be empty.`) };
  }
  return { ok: true, request: result.data as GeminiRequestOf<K> };
}

function describe(issue: z.core.$ZodIssue, body: unknown): string {
  const path = issue.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${snakeCase(String(k))}`)).join('').replace(/^\./, '');
  if (issue.code === 'invalid_value' && path.endsWith('.role')) return 'Please use a valid role: user, model.';
  const expected = issue.code === 'invalid_type' ? issue.expected : 'origin' in issue ? String(issue.origin) : '';
  const value = valueAt(body, issue.path);
  return `Invalid value at '${path}' (${PROTO_TYPES[expected] ?? 'TYPE_MESSAGE'}), ${value === undefined ? '' : JSON.stringify(value)}`.trimEnd();
}

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let at = body;
  for (const key of path) {
    if (!at || typeof at !== 'object') return undefined;
    const obj = at as Record<PropertyKey, unknown>;
    // the schema reads camelCase; the client may have written the proto snake_case name
    at = obj[key] ?? (typeof key === 'string' ? obj[snakeCase(key)] : undefined);
  }
  return at;
}
