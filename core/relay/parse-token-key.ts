/**
 * Where the API key is read from (spec relay.md §2.1), in new-api's order: the WebSocket subprotocol,
 * x-api-key on /v1/messages (and /v1/models with anthropic-version), key=/x-goog-api-key on the Gemini
 * model paths, then Authorization (with or without
 * "Bearer "), then mj-api-secret. Then "sk-" is stripped and the rest split on "-": part 1 is an
 * admin-only channel pin.
 */
export interface ParsedKey {
  key: string;
  channelPin: string | null;
}

export function readApiKey(path: string, query: string, h: Record<string, string>): string {
  let auth = h['authorization'] ?? '';
  const proto = h['sec-websocket-protocol'];
  if (proto) {
    const part = proto.split(',').map((s) => s.trim()).find((s) => s.startsWith('openai-insecure-api-key.'));
    if (part) auth = `Bearer ${part.slice('openai-insecure-api-key.'.length)}`;
  }
  // the Anthropic SDK lists models with x-api-key and anthropic-version, as new-api's later versions accept
  const anthropicModels = path.startsWith('/v1/models') && h['anthropic-version'] !== undefined;
  if ((path.includes('/v1/messages') || anthropicModels) && h['x-api-key']) auth = h['x-api-key'];
  // Gemini clients call /v1beta/models… and, with a custom base URL, /v1/models/{model}:{action}
  if (path.startsWith('/v1beta/models') || path.startsWith('/v1/models')) {
    const k = new URLSearchParams(query).get('key');
    if (k) auth = k;
    if (h['x-goog-api-key']) auth = h['x-goog-api-key'];
  }
  let key = stripBearer(auth.trim());
  if (key === '' || key === 'midjourney-proxy') key = stripBearer((h['mj-api-secret'] ?? '').trim());
  return key;
}

const stripBearer = (v: string): string => (/^bearer /i.test(v) ? v.slice(7).trim() : v);

export function parseTokenKey(raw: string): ParsedKey {
  const body = raw.startsWith('sk-') ? raw.slice(3) : raw;
  const parts = body.split('-');
  return { key: parts[0] ?? '', channelPin: parts.length > 1 ? (parts[1] ?? '') : null };
}
