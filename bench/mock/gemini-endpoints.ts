// What the Gemini routes of the mock answer, after the shared scripting. The model and the method come
// from the path: POST /v1beta/models/{model}:{method}, or /v1/models/… (@google/genai 3.x defaults to v1).
import { answerOf } from './mock-answer.js';
import { DEFAULT_PROMPT_TOKENS, isRecord } from './mock-directives.js';
import type { MockExchange } from './mock-exchange.js';
import { type Endpoint, type FailureShape, type MockRequest, scripted } from './mock-request.js';
import { planFrames, planTrickle, type StreamFrame } from './plan-stream.js';
import {
  GEMINI_MODELS,
  geminiEmbedding,
  geminiModel,
  geminiModelList,
  geminiResponse,
  geminiSseFrame,
  geminiStreamChunks,
  googleError,
} from './gemini-shapes.js';

/** `/v1beta/models/` or `/v1/models/`, with whatever follows. */
const MODELS_PATH = /^\/v1(?:beta)?\/models\/?(.*)$/;

const geminiFailures: FailureShape = {
  status: ({ directives: d, credential }, status) => googleError(d, status, `mock error ${status}`, credential),
  errorIn200: ({ directives: d, credential }) => googleError(d, 500, 'mock error in 200 body', credential),
};

/** Google refuses a call without an API key (header or `key` parameter). */
function authenticated(produce: Endpoint): Endpoint {
  const answer = scripted(geminiFailures, produce);
  return (exchange: MockExchange, request: MockRequest) => {
    if (request.credential.value === '') {
      return exchange.json(403, {
        error: {
          code: 403,
          message: "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
          status: 'PERMISSION_DENIED',
        },
      });
    }
    answer(exchange, request);
  };
}

function notFound(exchange: MockExchange, path: string): void {
  exchange.json(404, { error: { code: 404, message: `mock: no such route ${path}`, status: 'NOT_FOUND' } });
}

/** `gemini-2.5-flash:generateContent` → model and method; a path without a method has only the model. */
function modelAndMethod(path: string): { model: string; method: string } {
  const rest = decodeURIComponent(MODELS_PATH.exec(path)?.[1] ?? '');
  const colon = rest.lastIndexOf(':');
  return colon < 0 ? { model: rest, method: '' } : { model: rest.slice(0, colon), method: rest.slice(colon + 1) };
}

const generate = (exchange: MockExchange, { directives: d, seq, credential, query }: MockRequest, model: string, stream: boolean) => {
  const meta = { model, responseId: `mock-resp-${seq}` };
  const answer = answerOf(d, 'call', seq);
  const gap = d.chunk_delay_ms ?? 0;
  if (!stream) {
    const full = geminiResponse(meta, d, answer);
    if (d.stall_after_chunks !== undefined) return exchange.stream(planTrickle(full, d), gap, 'application/json');
    return exchange.json(200, full);
  }
  const chunks = geminiStreamChunks(meta, d, answer);
  const midStreamError = () => googleError(d, 503, 'mock error mid-stream', credential);
  if (query.get('alt') === 'sse') {
    const frames = chunks.map((chunk) => ({ text: geminiSseFrame(chunk), content: true }));
    return exchange.stream(planFrames(frames, d, () => geminiSseFrame(midStreamError())), gap);
  }
  // Without alt=sse Google streams one JSON array, an element at a time.
  const frames: StreamFrame[] = [
    { text: '[', content: false },
    ...chunks.map((chunk, i) => ({ text: `${i === 0 ? '' : ',\r\n'}${JSON.stringify(chunk)}`, content: true })),
    { text: ']', content: false },
  ];
  const plan = planFrames(frames, d, (sent) => `${sent.length > 1 ? ',\r\n' : ''}${JSON.stringify(midStreamError())}]`);
  exchange.stream(plan, gap, 'application/json');
};

/** POST /v1beta/models/{model}:{method} (or /v1/models/…) */
export const geminiModelAction: Endpoint = (exchange, request) => {
  const { model, method } = modelAndMethod(request.path);
  const body = isRecord(request.body) ? request.body : {};
  const d = request.directives;
  const act = (produce: Endpoint) => authenticated(produce)(exchange, request);
  switch (method) {
    case 'generateContent':
      return act((ex, req) => generate(ex, req, model, false));
    case 'streamGenerateContent':
      return act((ex, req) => generate(ex, req, model, true));
    case 'countTokens':
      return act((ex) => ex.json(200, { totalTokens: d.prompt_tokens ?? DEFAULT_PROMPT_TOKENS }));
    case 'embedContent':
      return act((ex) => ex.json(200, { embedding: geminiEmbedding(0) }));
    case 'batchEmbedContents': {
      const count = Array.isArray(body.requests) ? body.requests.length : 0;
      return act((ex) => ex.json(200, { embeddings: Array.from({ length: count }, (_, i) => geminiEmbedding(i)) }));
    }
    default:
      return notFound(exchange, request.path);
  }
};

/** GET /v1beta/models and GET /v1beta/models/{model} (or /v1/models…) */
export const geminiModels: Endpoint = (exchange, request) => {
  const { model, method } = modelAndMethod(request.path);
  if (model === '') return authenticated((ex) => ex.json(200, geminiModelList()))(exchange, request);
  if (method !== '' || !GEMINI_MODELS.includes(model.replace(/^models\//, ''))) {
    return exchange.json(404, { error: { code: 404, message: `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`, status: 'NOT_FOUND' } });
  }
  authenticated((ex) => ex.json(200, geminiModel(model)))(exchange, request);
};

/** Anything else under /v1beta answers in Google's shape. */
export const geminiNotFound: Endpoint = (exchange, request) => notFound(exchange, request.path);
