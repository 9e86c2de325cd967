import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminUserCreateBodySchema, adminUserEditBodySchema, userManageBodySchema } from '../contracts/admin-user.js';
import {
  channelBatchSchema,
  channelCreateSchema,
  channelFieldsSchema,
  channelKeyRevealSchema,
  channelTagEditSchema,
  channelTagSchema,
  channelUpdateSchema,
  fetchModelsSchema,
  multiKeyManageSchema,
} from '../contracts/channel.js';
import { withoutGoNulls } from '../contracts/go-null.js';
import { optionUpdateSchema } from '../contracts/option.js';
import { pushPreferencesSchema, pushSubscribeSchema, pushUnsubscribeSchema } from '../contracts/push.js';
import { setupBodySchema } from '../contracts/status.js';
import { redemptionCreateBodySchema, redemptionUpdateBodySchema } from '../contracts/redemption.js';
import { tokenBatchSchema, tokenInputSchema } from '../contracts/token.js';
import { affTransferBodySchema, amountBodySchema, payBodySchema, redeemBodySchema } from '../contracts/topup.js';
import { loginBodySchema, passwordResetBodySchema, registerBodySchema, selfUpdateBodySchema, userSettingBodySchema } from '../contracts/user.js';
import { parseInput } from './api-context.js';

// Go's encoding/json decodes `null` into any field as its zero value, so new-api's own console sends null for
// fields it has no value for (`aff_code: null` at registration). Every body schema of /api must take null for
// each optional field without a validation error for that field (parseInput applies withoutGoNulls).

/** Every schema a console route parses a JSON body with, by the name the route uses. */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  loginBodySchema,
  registerBodySchema,
  selfUpdateBodySchema,
  userSettingBodySchema,
  passwordResetBodySchema,
  adminUserCreateBodySchema,
  adminUserEditBodySchema,
  userManageBodySchema,
  tokenInputSchema,
  tokenBatchSchema,
  redemptionCreateBodySchema,
  redemptionUpdateBodySchema,
  redeemBodySchema,
  amountBodySchema,
  payBodySchema,
  affTransferBodySchema,
  setupBodySchema,
  optionUpdateSchema,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
  pushPreferencesSchema,
  channelKeyRevealSchema,
  multiKeyManageSchema,
  channelTagEditSchema,
  channelTagSchema,
  fetchModelsSchema,
  channelUpdateSchema,
  channelBatchSchema,
  channelFieldsSchema,
  channelCreateSchema,
};

const CONSOLE_API = fileURLToPath(new URL('.', import.meta.url));

/** The schema names passed to parseBody / parseInput / topup's parse in the console's route code. */
function schemaNamesInRoutes(): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(CONSOLE_API, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const file of files) {
    const text = readFileSync(join(CONSOLE_API, file), 'utf8');
    for (const m of text.matchAll(/\b(?:parseBody|parse)\(c, (\w+)/g)) names.add(m[1]!);
    for (const m of text.matchAll(/\bparseInput\((\w+),/g)) names.add(m[1]!);
  }
  // Generic helpers (the schema is their parameter), query schemas, and channel-input's z.unknown() pre-read.
  for (const name of [...names]) if (name === 'schema' || name === 'z' || /query$/i.test(name)) names.delete(name);
  return names;
}

type Shape = Record<string, z.ZodType>;
const shapeOf = (schema: z.ZodType): Shape | null => {
  const def = schema._zod.def as { type: string; shape?: Shape; innerType?: z.ZodType; in?: z.ZodType };
  if (def.type === 'object') return def.shape ?? null;
  const inner = def.innerType ?? def.in;
  return inner ? shapeOf(inner) : null;
};

/** Paths of the fields a body may leave out (their schema accepts undefined), nested objects included. */
function optionalPaths(schema: z.ZodType, prefix: string[] = []): string[][] {
  const shape = shapeOf(schema);
  if (!shape) return [];
  return Object.entries(shape).flatMap(([key, field]) => [
    ...(field.safeParse(undefined).success ? [[...prefix, key]] : []),
    ...optionalPaths(field, [...prefix, key]),
  ]);
}

const nullAt = (path: string[]): unknown => path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), null);

const cases = Object.entries(BODY_SCHEMAS).flatMap(([name, schema]) => optionalPaths(schema).map((path) => [`${name}.${path.join('.')}`, schema, path] as const));

describe('JSON null in body fields, as Go decodes it', () => {
  it('covers every body schema the routes parse', () => {
    const missing = [...schemaNamesInRoutes()].filter((name) => !(name in BODY_SCHEMAS));
    expect(missing).toEqual([]);
  });

  it('finds optional fields to check in most schemas', () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  it.each(cases)('%s: null is accepted', (_label, schema, path) => {
    const parsed = schema.safeParse(withoutGoNulls(schema, nullAt(path)));
    const about = parsed.success ? [] : parsed.error.issues.filter((i) => i.path.slice(0, path.length).join('.') === path.join('.'));
    expect(about).toEqual([]);
  });

  it('registration from new-api’s console parses through parseInput', () => {
    const body = { username: 'neo', password: 'secret-123', password2: 'secret-123', email: null, verification_code: null, aff_code: null };
    expect(parseInput(registerBodySchema, body)).toEqual({ username: 'neo', password: 'secret-123', email: '', verification_code: '', aff_code: '' });
  });
});
