/**
 * Makes data safe to keep on the device: API keys are masked, other secrets are dropped.
 * Applied to everything the console persists for offline use.
 */
const MASKED_FIELDS = new Set(['key']);
const DROPPED_FIELDS = new Set(['access_token', 'password', 'original_password', 'webhook_secret', 'secret', 'client_secret']);
/** sk- keys and long key-like strings embedded in free text. */
const KEY_IN_TEXT = /\bsk-[A-Za-z0-9]{8,}/g;

/** "abcd1234…wxyz": the first and last four characters with the middle masked. */
export function maskKey(key: string): string {
  if (key.length <= 8) return '*'.repeat(key.length);
  return `${key.slice(0, 4)}${'*'.repeat(10)}${key.slice(-4)}`;
}

export function isMaskedKey(key: string): boolean {
  return key.includes('*');
}

export function scrubSecrets<T>(value: T): T {
  return scrub(value) as T;
}

function scrub(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(KEY_IN_TEXT, (m) => `sk-${maskKey(m.slice(3))}`);
  if (Array.isArray(value)) return value.map(scrub);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (DROPPED_FIELDS.has(k)) continue;
    if (MASKED_FIELDS.has(k) && typeof v === 'string') out[k] = maskKey(v);
    else if (k === 'setting' && typeof v === 'string') out[k] = scrubJsonString(v);
    else out[k] = scrub(v);
  }
  return out;
}

/** `user.setting` is a JSON string that may carry webhook_secret. */
function scrubJsonString(text: string): string {
  try {
    return JSON.stringify(scrub(JSON.parse(text)));
  } catch {
    return '';
  }
}
