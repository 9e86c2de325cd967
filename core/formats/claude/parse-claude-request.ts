import type { z } from 'zod';
import type { RelayFailure } from '../format-contracts.js';
import { claudeRequestSchema, type ClaudeRequest } from './claude-request-schema.js';

type Issue = z.core.$ZodIssue;
type Path = ReadonlyArray<PropertyKey>;

const invalid = (message: string): RelayFailure => ({ status: 400, message, type: 'invalid_request_error', code: 'invalid_request' });

/**
 * Validates a decoded `/v1/messages` body. A failure is a 400 worded as Anthropic words it
 * (`max_tokens: Field required`), so a client written against the real API reads the same text.
 */
export function parseClaudeRequest(body: unknown): { ok: true; request: ClaudeRequest } | { ok: false; failure: RelayFailure } {
  const result = claudeRequestSchema.safeParse(body);
  if (result.success) return { ok: true, request: result.data };
  const issue = deepest(result.error.issues, []);
  const where = issue.path.map(String).join('.');
  const text = describe(issue.issue, valueAt(body, issue.path));
  return { ok: false, failure: invalid(where ? `${where}: ${text}` : text) };
}

/** Of a union's failed branches, the issue that got furthest into the input says what is really wrong. */
function deepest(issues: Issue[], prefix: Path): { issue: Issue; path: Path } {
  let best: { issue: Issue; path: Path } | null = null;
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    const branches = issue.code === 'invalid_union' ? issue.errors.filter((e) => e.length > 0) : [];
    const found = branches.length > 0 ? branches.map((b) => deepest(b, path)).reduce((a, b) => (b.path.length > a.path.length ? b : a)) : { issue, path };
    if (!best || found.path.length > best.path.length) best = found;
  }
  return best!;
}

const KIND: Record<string, string> = { array: 'list', object: 'dictionary', record: 'dictionary', int: 'integer', number: 'number', string: 'string', boolean: 'boolean' };
const quoted = (values: readonly unknown[]) => values.map((v) => `'${String(v)}'`);

function describe(issue: Issue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined ? 'Field required' : `Input should be a valid ${KIND[issue.expected] ?? issue.expected}`;
    case 'invalid_value': {
      const options = quoted(issue.values);
      return options.length === 1 ? `Input should be ${options[0]}` : `Input should be ${options.slice(0, -1).join(', ')} or ${options.at(-1)}`;
    }
    case 'too_small':
      return issue.origin === 'array' ? `List should have at least ${issue.minimum} item after validation` : `Input should be greater than or equal to ${issue.minimum}`;
    case 'too_big':
      return `Input should be less than or equal to ${issue.maximum}`;
    case 'invalid_union':
      // a discriminated union whose tag matched nothing
      if ('options' in issue && Array.isArray(issue.options)) {
        return `Input tag '${String(value)}' found using 'type' does not match any of the expected tags: ${quoted(issue.options).join(', ')}`;
      }
      return 'Input is invalid';
    default:
      return issue.message;
  }
}

function valueAt(body: unknown, path: Path): unknown {
  let v = body;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}
