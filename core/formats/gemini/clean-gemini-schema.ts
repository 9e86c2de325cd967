type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

/** Keywords whose values are schemas: maps of them, lists of them, or one. */
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs'];
const SCHEMA_LISTS_OR_ONE = ['items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'not'];

/** Applies `fix` to every schema object in a JSON schema, copying as it goes (the client's body is never changed). */
function mapSchema(node: unknown, fix: (schema: Schema) => Schema): unknown {
  if (Array.isArray(node)) return node.map((n) => mapSchema(n, fix));
  if (!isObject(node)) return node;
  const out = fix({ ...node });
  for (const key of SCHEMA_MAPS) {
    const map = out[key];
    if (isObject(map)) out[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, mapSchema(sub, fix)]));
  }
  for (const key of SCHEMA_LISTS_OR_ONE) if (key in out) out[key] = mapSchema(out[key], fix);
  return out;
}

/** JSON-schema keywords Gemini's OpenAPI-subset schema refuses. */
const UNSUPPORTED = ['$schema', 'additionalProperties', 'default', 'exclusiveMaximum', 'exclusiveMinimum'];
/** The only string formats Gemini accepts. */
const STRING_FORMATS = new Set(['enum', 'date-time']);

/**
 * An OpenAI tool or response schema as Gemini accepts it (new-api's cleaning): unsupported keywords removed,
 * a type list such as ["string","null"] narrowed to its first non-null type, unknown string formats removed;
 * a response schema also loses its titles.
 */
export function cleanGeminiSchema(schema: Schema, opts: { dropTitles?: boolean } = {}): Schema {
  return mapSchema(schema, (s) => {
    for (const key of UNSUPPORTED) delete s[key];
    if (opts.dropTitles) delete s.title;
    if (Array.isArray(s.type)) s.type = s.type.find((t) => typeof t === 'string' && t !== 'null') ?? 'string';
    if (s.type === 'string' && typeof s.format === 'string' && !STRING_FORMATS.has(s.format)) delete s.format;
    return s;
  }) as Schema;
}

/** A Gemini schema (types spelled `OBJECT`, `STRING` as the SDKs' Type enum writes them) as a JSON schema. */
export function geminiSchemaToJsonSchema(schema: Schema): Schema {
  return mapSchema(schema, (s) => {
    if (typeof s.type === 'string') s.type = s.type.toLowerCase();
    return s;
  }) as Schema;
}
