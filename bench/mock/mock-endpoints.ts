// What each mock route answers, after the shared scripting (delay, forced
// status, error-in-200) has had its say.
import type { MockExchange } from './mock-exchange.js';
import { contentOf, isRecord, type MockDirectives } from './mock-directives.js';
import {
  chatShape,
  embeddingList,
  modelList,
  textShape,
  usageFor,
  type CompletionMeta,
  type CompletionShape,
} from './openai-shapes.js';
import { planStream, planTrickle } from './plan-stream.js';
import { scriptedError } from './scripted-error.js';

export interface MockRequest {
  body: unknown;
  directives: MockDirectives;
  /** Per-server counter used for response ids. */
  seq: number;
  /** The Authorization header received (echoed back under `echo_auth`). */
  authorization: string;
}

export type Endpoint = (exchange: MockExchange, request: MockRequest) => void;

const DEFAULT_MODEL = 'gpt-4o-mini';

function scripted(produce: Endpoint): Endpoint {
  return (exchange, request) => {
    const d = request.directives;
    exchange.later(d.delay_ms ?? 0, () => {
      if (d.status !== undefined && d.status > 200 && d.status <= 599) {
        return exchange.json(d.status, scriptedError(d, `mock error ${d.status}`, `mock_${d.status}`, request.authorization));
      }
      if (d.body_error_in_200) return exchange.json(200, scriptedError(d, 'mock error in 200 body', 'mock_body_error_in_200', request.authorization));
      produce(exchange, request);
    });
  };
}

function modelOf(body: Record<string, unknown>): string {
  return typeof body.model === 'string' ? body.model : DEFAULT_MODEL;
}

function completion(makeShape: (meta: CompletionMeta) => CompletionShape, idPrefix: string): Endpoint {
  return scripted((exchange, { body: raw, directives: d, seq, authorization }) => {
    const body = isRecord(raw) ? raw : {};
    const stream = body.stream === true;
    const includeUsage = stream && isRecord(body.stream_options) && body.stream_options.include_usage === true;
    const shape = makeShape({
      id: `${idPrefix}-mock-${seq}`,
      model: modelOf(body),
      created: Math.floor(Date.now() / 1000),
      usageNullInChunks: includeUsage,
    });
    if (stream) return exchange.stream(planStream(shape, d, includeUsage, authorization), d.chunk_delay_ms ?? 0);
    const full = shape.full(contentOf(d), usageFor(d, 'completion'));
    if (d.stall_after_chunks !== undefined) return exchange.stream(planTrickle(full, d), d.chunk_delay_ms ?? 0, 'application/json');
    exchange.json(200, full);
  });
}

function inputCount(input: unknown): number {
  // A flat array of numbers is one tokenised input, not many.
  if (!Array.isArray(input) || input.every((item) => typeof item === 'number')) return 1;
  return input.length;
}

export const chatCompletions = completion(chatShape, 'chatcmpl');
export const textCompletions = completion(textShape, 'cmpl');

export const embeddings = scripted((exchange, { body: raw, directives }) => {
  const body = isRecord(raw) ? raw : {};
  exchange.json(200, embeddingList(modelOf(body), inputCount(body.input), usageFor(directives, 'embedding')));
});

export const models = scripted((exchange) => exchange.json(200, modelList(Math.floor(Date.now() / 1000))));

export const notFound: Endpoint = (exchange) =>
  exchange.json(404, { error: { message: 'mock: no such route', type: 'invalid_request_error', code: 'not_found' } });
