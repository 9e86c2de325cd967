import type { z } from 'zod';
import { isRecord } from './is-record.js';

type Shape = Record<string, z.ZodType>;

/** The object shape under a schema's wrappers (optional, default, pipe, …), or null when it is not an object. */
function objectShape(schema: z.ZodType): Shape | null {
  const def = schema._zod.def as { type: string; shape?: Shape; innerType?: z.ZodType; in?: z.ZodType };
  switch (def.type) {
    case 'object':
      return def.shape ?? null;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return def.innerType ? objectShape(def.innerType) : null;
    case 'pipe':
      return def.in ? objectShape(def.in) : null;
    default:
      return null;
  }
}

/** The element schema of an array under its wrappers, or null. */
function arrayElement(schema: z.ZodType): z.ZodType | null {
  const def = schema._zod.def as { type: string; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType };
  if (def.type === 'array') return def.element ?? null;
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  return inner ? arrayElement(inner) : null;
}

/**
 * A JSON body as new-api's Go handlers see it. encoding/json decodes `null` into a field by leaving it at
 * its zero value, exactly as if the field were absent, so new-api's own console sends `"aff_code": null` and
 * the like freely. Here a null field is removed (at any depth of objects and arrays the schema describes)
 * unless its schema accepts null itself, where null keeps the meaning that schema gives it.
 */
export function withoutGoNulls(schema: z.ZodType, value: unknown): unknown {
  if (Array.isArray(value)) {
    const element = arrayElement(schema);
    return element ? value.map((v) => withoutGoNulls(element, v)) : value;
  }
  const shape = isRecord(value) ? objectShape(schema) : null;
  if (!shape || !isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (v === null && !(field && field.safeParse(null).success)) continue;
    out[key] = field ? withoutGoNulls(field, v) : v;
  }
  return out;
}
