import type { ImageOrder } from '../../billing/media-price.js';
import { formFiles, formText, MalformedMultipartError, parseMultipart } from './multipart.js';

/** The OpenAI media and utility requests (images, audio, moderations, rerank, Codex's alpha search), relayed by core/relay/relay-media.ts. */
export type MediaKind = 'image_generation' | 'image_edit' | 'speech' | 'transcription' | 'translation' | 'moderation' | 'rerank' | 'alpha_search';

/** A media request as the relay bills and forwards it. */
export interface MediaRequest {
  kind: MediaKind;
  model: string;
  body: { type: 'json'; json: Record<string, unknown> } | { type: 'multipart'; form: FormData };
  /** image requests: what a fixed price is multiplied by */
  image: ImageOrder | null;
  /** the text billed when the upstream reports no usage: speech input, moderation input, rerank query and documents */
  text: string;
  /** transcriptions and translations: the uploaded audio and the type the client gave it */
  audio: { data: Buffer; type: string } | null;
}

/** A request the client must fix: a 400 with new-api's code for the kind, before any cost. */
export class MediaRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** new-api's defaults when the body names no model (its image, audio and text helpers). */
export const DEFAULT_MEDIA_MODEL: Readonly<Record<MediaKind, string>> = {
  image_generation: 'dall-e-3',
  image_edit: 'gpt-image-1',
  speech: 'tts-1',
  transcription: 'whisper-1',
  translation: 'whisper-1',
  moderation: 'text-moderation-latest',
  rerank: '',
  alpha_search: '',
};

const CODE: Readonly<Record<MediaKind, string>> = {
  image_generation: 'invalid_image_request',
  image_edit: 'invalid_image_request',
  speech: 'invalid_audio_request',
  transcription: 'invalid_audio_request',
  translation: 'invalid_audio_request',
  moderation: 'invalid_text_request',
  rerank: 'invalid_text_request',
  alpha_search: 'invalid_request',
};

const utf8 = new TextDecoder('utf-8', { fatal: true });
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Parses and checks a media body (JSON or multipart as the endpoint says); every refusal is a MediaRequestError. */
export async function parseMediaRequest(kind: MediaKind, raw: Buffer, contentType: string | undefined): Promise<MediaRequest> {
  const fail = (message: string) => new MediaRequestError(message, CODE[kind]);
  if (kind === 'image_edit' || kind === 'transcription' || kind === 'translation') {
    let form: FormData;
    try {
      form = await parseMultipart(raw, contentType);
    } catch (e) {
      if (e instanceof MalformedMultipartError) throw fail(e.message);
      throw e;
    }
    return kind === 'image_edit' ? imageEdit(form, fail) : transcription(kind, form, fail);
  }
  const json = parseJson(raw, contentType, fail);
  const model = str(json.model) || DEFAULT_MEDIA_MODEL[kind];
  const base = { kind, model, body: { type: 'json' as const, json }, image: null, text: '', audio: null };
  switch (kind) {
    case 'image_generation':
      return { ...base, image: imageOrder(model, json.size, json.quality, json.n, str(json.prompt), fail) };
    case 'speech': {
      const input = str(json.input);
      if (!input) throw fail('input is required');
      return { ...base, text: input };
    }
    case 'moderation': {
      const text = inputText(json.input);
      if (text === null) throw fail('field input is required');
      return { ...base, text };
    }
    case 'rerank': {
      const query = str(json.query);
      if (!query) throw fail('query is empty');
      if (!Array.isArray(json.documents) || json.documents.length === 0) throw fail('documents is empty');
      return { ...base, text: [query, ...json.documents.map(documentText)].join('\n') };
    }
    case 'alpha_search':
      // passed through as it came (new-api reads only its model); billed as one web search call
      return base;
  }
}

function parseJson(raw: Buffer, contentType: string | undefined, fail: (m: string) => MediaRequestError): Record<string, unknown> {
  if (!contentType || !/^application\/json\b/i.test(contentType.trim())) throw fail('Content-Type must be application/json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(raw));
  } catch (e) {
    throw fail(`Invalid request, 无效的请求, ${e instanceof TypeError ? 'body is not valid UTF-8' : (e as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw fail('Invalid request, 无效的请求, body must be a JSON object');
  return parsed as Record<string, unknown>;
}

/** new-api's image checks and defaults: prompt required, size 1024x1024, n 1, the sizes dall-e-2 and dall-e-3 accept. */
function imageOrder(model: string, size: unknown, quality: unknown, n: unknown, prompt: string, fail: (m: string) => MediaRequestError): ImageOrder {
  if (!prompt) throw fail('prompt is required');
  const s = str(size) || '1024x1024';
  if (s.includes('×')) throw fail("size an unexpected error occurred in the parameter, please use 'x' instead of the multiplication sign '×'");
  if (model === 'dall-e-2' && !['256x256', '512x512', '1024x1024'].includes(s)) throw fail('size must be one of 256x256, 512x512, or 1024x1024 for dall-e-2 or dall-e');
  if (model === 'dall-e-3' && !['1024x1024', '1024x1792', '1792x1024'].includes(s)) throw fail('size must be one of 1024x1024, 1024x1792 or 1792x1024 for dall-e-3');
  const count = typeof n === 'number' ? n : typeof n === 'string' && n !== '' ? Number(n) : 1;
  if (!Number.isInteger(count) || count < 1 || count > 10) throw fail('n must be an integer between 1 and 10');
  return { model, size: s, quality: str(quality) || 'standard', n: count };
}

function imageEdit(form: FormData, fail: (m: string) => MediaRequestError): MediaRequest {
  const model = formText(form, 'model') || DEFAULT_MEDIA_MODEL.image_edit;
  if (formFiles(form, (name) => name === 'image' || /^image\[\d*\]$/.test(name)).length === 0) throw fail('image is required');
  const image = imageOrder(model, formText(form, 'size'), formText(form, 'quality'), formText(form, 'n'), formText(form, 'prompt'), fail);
  return { kind: 'image_edit', model, body: { type: 'multipart', form }, image, text: '', audio: null };
}

async function transcription(kind: 'transcription' | 'translation', form: FormData, fail: (m: string) => MediaRequestError): Promise<MediaRequest> {
  const file = form.get('file');
  if (!file || typeof file === 'string') throw fail('file is required');
  const data = Buffer.from(await file.arrayBuffer());
  if (data.length === 0) throw fail('file is empty');
  return { kind, model: formText(form, 'model') || DEFAULT_MEDIA_MODEL[kind], body: { type: 'multipart', form }, image: null, text: '', audio: { data, type: file.type } };
}

/** Moderation input: a string or an array of strings (multimodal parts count by their text); null when missing. */
function inputText(input: unknown): string | null {
  if (typeof input === 'string') return input || null;
  if (!Array.isArray(input) || input.length === 0) return null;
  return input.map((part) => (typeof part === 'string' ? part : str((part as Record<string, unknown> | null)?.text))).join('\n');
}

/** A rerank document: a string, or Jina's/Cohere's `{text}` object. */
const documentText = (doc: unknown): string => (typeof doc === 'string' ? doc : str((doc as Record<string, unknown> | null)?.text));
