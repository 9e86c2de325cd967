import { z } from 'zod';

/** `mimeType` → `mime_type`: the proto field name Google also accepts and reports in its errors. */
export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A protobuf message as Google's JSON parser reads it: each field may be spelled lowerCamelCase or with its
 * proto snake_case name (Google's own REST examples send `system_instruction` and `inline_data`), and is
 * read here as lowerCamelCase. Unknown keys are kept, so a passthrough loses nothing. Only this object's own
 * keys are renamed: user data below it (function arguments, schemas) is never touched.
 */
export function googleMessage<T extends z.ZodRawShape>(shape: T) {
  const aliases = Object.keys(shape)
    .map((key) => [snakeCase(key), key] as const)
    .filter(([snake, camel]) => snake !== camel);
  return z.preprocess((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    let out = value as Record<string, unknown>;
    for (const [snake, camel] of aliases) {
      if (!(snake in out) || camel in out) continue;
      if (out === value) out = { ...out };
      out[camel] = out[snake];
      delete out[snake];
    }
    return out;
  }, z.looseObject(shape));
}
