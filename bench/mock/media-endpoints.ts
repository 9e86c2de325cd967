// OpenAI's media and utility routes: images (b64_json or url, gpt-image-1 usage), speech (a real MP3),
// transcriptions and translations (reading the uploaded file), moderations, and rerank (Jina's and Cohere's shapes).
import type { MockExchange } from './mock-exchange.js';
import type { Endpoint, MockRequest } from './mock-request.js';
import { errorBody } from './openai-shapes.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

/** A 1×1 transparent PNG: every b64_json image the mock returns. */
export const MOCK_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** gpt-image-1's usage in the mock: 20 prompt tokens, 65 per input image, 272 per output image. */
export const MOCK_IMAGE_USAGE = { textTokens: 20, perInputImage: 65, perOutputImage: 272 };

/** Rerank usage in the mock: 10 tokens plus 5 per document (Jina's `usage`, Cohere's `meta.billed_units`). */
export const mockRerankTokens = (documents: number): number => 10 + 5 * documents;

/**
 * Ten silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, 417 bytes each): a valid MP3 about a quarter
 * of a second long, the body of every speech answer.
 */
export const MOCK_MP3: Buffer = (() => {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  return Buffer.concat(Array.from({ length: 10 }, () => frame));
})();

async function formOf(request: MockRequest): Promise<FormData | null> {
  try {
    return await new Response(Uint8Array.from(request.raw), { headers: { 'content-type': request.contentType } }).formData();
  } catch {
    return null;
  }
}

const badRequest = (exchange: MockExchange, message: string) => exchange.json(400, errorBody(message, 'invalid_request_error'));

function imageAnswer(model: string, n: number, format: string, inputImages: number): Record<string, unknown> {
  const gptImage = model.startsWith('gpt-image');
  const b64 = gptImage || format === 'b64_json';
  const data = Array.from({ length: n }, (_, i) => (b64 ? { b64_json: MOCK_PNG_BASE64 } : { url: `http://127.0.0.1/mock-image-${i + 1}.png`, revised_prompt: 'a mock image' }));
  const answer: Record<string, unknown> = { created: Math.floor(Date.now() / 1000), data };
  if (gptImage) {
    const imageTokens = MOCK_IMAGE_USAGE.perInputImage * inputImages;
    const input = MOCK_IMAGE_USAGE.textTokens + imageTokens;
    const output = MOCK_IMAGE_USAGE.perOutputImage * n;
    answer.usage = { input_tokens: input, output_tokens: output, total_tokens: input + output, input_tokens_details: { text_tokens: MOCK_IMAGE_USAGE.textTokens, image_tokens: imageTokens } };
  }
  return answer;
}

const imageGenerations: Endpoint = (exchange, { body }) => {
  const b = isRecord(body) ? body : {};
  if (!str(b.prompt)) return badRequest(exchange, 'mock: prompt is required');
  exchange.json(200, imageAnswer(str(b.model, 'dall-e-2'), typeof b.n === 'number' ? b.n : 1, str(b.response_format, 'url'), 0));
};

const imageEdits: Endpoint = (exchange, request) => {
  void formOf(request).then((form) => {
    if (!form) return badRequest(exchange, 'mock: not a multipart body');
    let images = 0;
    form.forEach((value, name) => {
      if (typeof value !== 'string' && (name === 'image' || name.startsWith('image['))) images++;
    });
    if (images === 0) return badRequest(exchange, 'mock: image is required');
    exchange.json(200, imageAnswer(str(form.get('model'), 'dall-e-2'), Number(form.get('n') ?? 1) || 1, str(form.get('response_format'), 'b64_json'), images));
  });
};

/** Voices that make the speech answer trickle (4 parts, 300 ms apart) or break off after 2 of them. */
export const MOCK_SLOW_VOICE = 'mock-slow';
export const MOCK_CUT_VOICE = 'mock-cut';

const speech: Endpoint = (exchange, { body }) => {
  if (!isRecord(body) || !str(body.input)) return badRequest(exchange, 'mock: input is required');
  if (body.voice !== MOCK_SLOW_VOICE && body.voice !== MOCK_CUT_VOICE) return exchange.send(200, 'audio/mpeg', MOCK_MP3);
  const part = Math.ceil(MOCK_MP3.length / 4);
  const frames = [0, 1, 2, 3].map((i) => MOCK_MP3.subarray(i * part, (i + 1) * part));
  exchange.stream(body.voice === MOCK_CUT_VOICE ? { frames: frames.slice(0, 2), ending: 'reset' } : { frames, ending: 'end' }, 300, 'audio/mpeg');
};

/** The transcript the mock "hears": it names the file and its size, so a test sees the upload arrived whole. */
export const mockTranscript = (filename: string, bytes: number): string => `mock transcript of ${filename} (${bytes} bytes)`;

const transcribe =
  (task: 'transcribe' | 'translate'): Endpoint =>
  (exchange, request) => {
    void formOf(request).then(async (form) => {
      const file = form?.get('file');
      if (!form || !file || typeof file === 'string') return badRequest(exchange, 'mock: file is required');
      const text = mockTranscript(file.name, (await file.arrayBuffer()).byteLength);
      switch (str(form.get('response_format'), 'json')) {
        case 'text':
          return exchange.send(200, 'text/plain; charset=utf-8', text);
        case 'srt':
          return exchange.send(200, 'text/plain; charset=utf-8', `1\n00:00:00,000 --> 00:00:01,000\n${text}\n\n`);
        case 'vtt':
          return exchange.send(200, 'text/vtt; charset=utf-8', `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${text}\n\n`);
        case 'verbose_json':
          return exchange.json(200, { task, language: 'english', duration: 1, text, segments: [] });
        default:
          return exchange.json(200, { text });
      }
    });
  };

const CATEGORIES = ['harassment', 'hate', 'self-harm', 'sexual', 'violence'];

const moderations: Endpoint = (exchange, { body, seq }) => {
  const b = isRecord(body) ? body : {};
  const inputs = Array.isArray(b.input) ? b.input : [b.input];
  const result = () => ({
    flagged: false,
    categories: Object.fromEntries(CATEGORIES.map((c) => [c, false])),
    category_scores: Object.fromEntries(CATEGORIES.map((c) => [c, 0.0001])),
  });
  exchange.json(200, { id: `modr-mock-${seq}`, model: str(b.model, 'omni-moderation-latest'), results: inputs.map(result) });
};

const rerank: Endpoint = (exchange, { body, seq }) => {
  const b = isRecord(body) ? body : {};
  const documents = Array.isArray(b.documents) ? b.documents : [];
  if (!str(b.query) || documents.length === 0) return badRequest(exchange, 'mock: query and documents are required');
  const topN = typeof b.top_n === 'number' ? b.top_n : documents.length;
  const results = documents
    .map((doc, index) => ({ index, relevance_score: 1 / (index + 1), ...(b.return_documents ? { document: typeof doc === 'string' ? { text: doc } : doc } : {}) }))
    .slice(0, topN);
  const tokens = mockRerankTokens(documents.length);
  const model = str(b.model);
  // Cohere's models answer with meta.billed_units, Jina's with usage
  if (model.startsWith('rerank-')) return exchange.json(200, { id: `rerank-mock-${seq}`, results, meta: { billed_units: { input_tokens: tokens, output_tokens: 0 } } });
  exchange.json(200, { model, results, usage: { prompt_tokens: tokens, total_tokens: tokens } });
};

/** The media routes by OpenAI path; the mock also serves each under Azure's /openai/deployments/{deployment}/…. */
export const MEDIA_ROUTES: ReadonlyArray<readonly [string, Endpoint]> = [
  ['/v1/images/generations', imageGenerations],
  ['/v1/images/edits', imageEdits],
  ['/v1/audio/speech', speech],
  ['/v1/audio/transcriptions', transcribe('transcribe')],
  ['/v1/audio/translations', transcribe('translate')],
  ['/v1/moderations', moderations],
  ['/v1/rerank', rerank],
];
