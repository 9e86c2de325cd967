import type { InboundContext, InboundRequest, RelayFailure } from '../formats/format-contracts.js';
import type { ClientFormat } from './endpoints.js';
import { INBOUND } from './inbound-formats.js';
import { exceedsJsonDepth } from './json-depth.js';
import { localError, RelayError } from './relay-error.js';

// Real requests nest a handful of levels (tool schemas a few dozen); deeper input is hostile.
const MAX_DEPTH = 128;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A parsed client request with its format and bytes, as every later stage reads it. */
export interface RelayRequest extends InboundRequest {
  format: ClientFormat;
  raw: Buffer;
  /** the client's query parameters its endpoint lets travel upstream */
  query: string;
  /** the request in OpenAI form for the client's own model name, converted once when first needed */
  hub(): Record<string, unknown> | null;
  /** POST /v1/responses/compact: `model` is the `-openai-compact` name (responses-compact.ts) */
  compact?: true;
}

const invalid = (message: string) => localError(400, message, 'invalid_request', 'invalid_request_error');

/** A format's own refusal as a local (never retried, never billed) error. */
export const failureError = (f: RelayFailure) => new RelayError(f.status, f.message, { type: f.type, code: f.code, param: f.param, local: true, upstream: f.upstream });

/**
 * Decodes a relay body and hands it to its format's parser; every failure is a 400 in the client's
 * envelope (the pipeline writes it), before any cost.
 */
export function parseRelayRequest(format: ClientFormat, ctx: InboundContext, raw: Buffer, contentType: string | undefined, query = ''): RelayRequest {
  if (!contentType || !/^application\/json\b/i.test(contentType.trim())) {
    throw invalid('Content-Type must be application/json');
  }
  if (raw.length === 0) throw invalid('request body is empty');
  if (exceedsJsonDepth(raw, MAX_DEPTH)) throw invalid(`Invalid request, 无效的请求, JSON nested deeper than ${MAX_DEPTH} levels`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(raw));
  } catch (e) {
    throw invalid(`Invalid request, 无效的请求, ${e instanceof TypeError ? 'body is not valid UTF-8' : (e as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid('Invalid request, 无效的请求, body must be a JSON object');
  const result = INBOUND[format].parse(parsed as Record<string, unknown>, ctx);
  if (!result.ok) throw failureError(result.failure);
  const req = result.value;
  let hub: Record<string, unknown> | null | undefined;
  // Fields named one by one, not spread: a spread copy of the parser's object cost more than JSON.parse
  // of a small body in the relay's profile.
  return {
    kind: req.kind,
    model: req.model,
    stream: req.stream,
    maxTokens: req.maxTokens,
    includeUsage: req.includeUsage,
    body: req.body,
    toOpenAi: req.toOpenAi,
    format,
    raw,
    query,
    hub: () => {
      if (hub === undefined) {
        const c = req.toOpenAi(req.model, { openRouter: false });
        hub = c.ok ? c.value : null;
      }
      return hub;
    },
  };
}
