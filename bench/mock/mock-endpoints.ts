// What each OpenAI mock route answers, after the shared scripting (delay, forced
// status, error-in-200) has had its say.
import { answerOf } from './mock-answer.js';
import { isRecord } from './mock-directives.js';
import { type Endpoint, type FailureShape, type MockRequest, scripted } from './mock-request.js';
import {
  chatFinishReason,
  chatShape,
  embeddingList,
  modelList,
  textShape,
  usageFor,
  type CompletionMeta,
  type CompletionShape,
} from './openai-shapes.js';
import { planFrames, planTrickle, sseFrame, type StreamFrame } from './plan-stream.js';
import { fullResponse, responseErrorFrame, responseStreamFrames } from './responses-shapes.js';
import { scriptedError } from './scripted-error.js';

const DEFAULT_MODEL = 'gpt-4o-mini';
const DONE_FRAME = 'data: [DONE]\n\n';

const openAiFailures: FailureShape = {
  status: ({ directives: d, credential }, status) => scriptedError(d, `mock error ${status}`, `mock_${status}`, credential),
  errorIn200: ({ directives: d, credential }) => scriptedError(d, 'mock error in 200 body', 'mock_body_error_in_200', credential),
};

function modelOf(body: Record<string, unknown>): string {
  return typeof body.model === 'string' ? body.model : DEFAULT_MODEL;
}

function completion(makeShape: (meta: CompletionMeta) => CompletionShape, idPrefix: string): Endpoint {
  return scripted(openAiFailures, (exchange, { body: raw, directives: d, seq, credential }: MockRequest) => {
    const body = isRecord(raw) ? raw : {};
    const stream = body.stream === true;
    const includeUsage = stream && isRecord(body.stream_options) && body.stream_options.include_usage === true;
    const shape = makeShape({
      id: `${idPrefix}-mock-${seq}`,
      model: modelOf(body),
      created: Math.floor(Date.now() / 1000),
      usageNullInChunks: includeUsage,
    });
    const answer = answerOf(d, 'call', seq);
    const finishReason = chatFinishReason(d, answer);
    const usage = usageFor(d, 'completion');
    if (stream) {
      // A usage chunk only when stream_options.include_usage asks for it, as OpenAI does.
      const frames: StreamFrame[] = [
        ...shape.deltas(answer).map((delta) => ({ text: sseFrame(delta), content: true })),
        { text: sseFrame(shape.finish(finishReason)), content: false },
        ...(includeUsage && usage ? [{ text: sseFrame(shape.usageChunk(usage)), content: false }] : []),
        { text: DONE_FRAME, content: false },
      ];
      const midStreamError = () => sseFrame(scriptedError(d, 'mock error mid-stream', 'mock_mid_stream', credential));
      return exchange.stream(planFrames(frames, d, midStreamError), d.chunk_delay_ms ?? 0);
    }
    const full = shape.full(answer, finishReason, usage);
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

/** /v1/responses: the Responses API, answered natively (usage in response.completed). */
export const responses = scripted(openAiFailures, (exchange, { body: raw, directives: d, seq, credential }: MockRequest) => {
  const body = isRecord(raw) ? raw : {};
  const meta = { id: `resp_mock_${seq}`, model: modelOf(body), createdAt: Math.floor(Date.now() / 1000) };
  const answer = answerOf(d, 'call', seq);
  const usage = usageFor(d, 'completion');
  if (body.stream === true) {
    const frames = responseStreamFrames(meta, answer, usage);
    const midStreamError = (sent: readonly string[]) =>
      responseErrorFrame(scriptedError(d, 'mock error mid-stream', 'mock_mid_stream', credential).error as Record<string, unknown>, sent.length);
    return exchange.stream(planFrames(frames, d, midStreamError), d.chunk_delay_ms ?? 0);
  }
  const full = fullResponse(meta, answer, usage);
  if (d.stall_after_chunks !== undefined) return exchange.stream(planTrickle(full, d), d.chunk_delay_ms ?? 0, 'application/json');
  exchange.json(200, full);
});

export const embeddings = scripted(openAiFailures, (exchange, { body: raw, directives }) => {
  const body = isRecord(raw) ? raw : {};
  exchange.json(200, embeddingList(modelOf(body), inputCount(body.input), usageFor(directives, 'embedding')));
});

export const openAiModels = scripted(openAiFailures, (exchange) => exchange.json(200, modelList(Math.floor(Date.now() / 1000))));

export const notFound: Endpoint = (exchange) =>
  exchange.json(404, { error: { message: 'mock: no such route', type: 'invalid_request_error', code: 'not_found' } });
