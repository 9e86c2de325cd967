import { describe, expect, it } from 'vitest';
import { parseMediaRequest, MediaRequestError, type MediaKind } from './media-request.js';
import { encodeMultipart, parseMultipart } from './multipart.js';

const json = (body: unknown) => Buffer.from(JSON.stringify(body));
const JSON_TYPE = 'application/json';

async function multipart(parts: Record<string, string | Blob>): Promise<{ raw: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, 'upload.bin');
  }
  const { body, contentType } = await encodeMultipart(form, {});
  return { raw: body, type: contentType };
}

describe('parseMediaRequest: JSON kinds', () => {
  it.each<[MediaKind, unknown, Record<string, unknown>]>([
    ['image_generation', { prompt: 'a cat' }, { model: 'dall-e-3', image: { model: 'dall-e-3', size: '1024x1024', quality: 'standard', n: 1 } }],
    ['image_generation', { model: 'dall-e-2', prompt: 'x', size: '256x256', n: 3 }, { image: { model: 'dall-e-2', size: '256x256', quality: 'standard', n: 3 } }],
    ['speech', { input: 'hello', voice: 'alloy' }, { model: 'tts-1', text: 'hello' }],
    ['moderation', { input: ['a', 'b'] }, { model: 'text-moderation-latest', text: 'a\nb' }],
    ['rerank', { model: 'jina-reranker-v2', query: 'q', documents: ['a', { text: 'b' }] }, { model: 'jina-reranker-v2', text: 'q\na\nb' }],
  ])('%s %j', async (kind, body, expected) => {
    expect(await parseMediaRequest(kind, json(body), JSON_TYPE)).toMatchObject(expected);
  });

  it.each<[MediaKind, unknown, string, string]>([
    ['image_generation', { model: 'dall-e-3' }, 'prompt is required', 'invalid_image_request'],
    ['image_generation', { model: 'dall-e-3', prompt: 'x', size: '512x512' }, 'size must be one of 1024x1024, 1024x1792 or 1792x1024 for dall-e-3', 'invalid_image_request'],
    ['image_generation', { model: 'dall-e-2', prompt: 'x', size: '1792x1024' }, 'size must be one of 256x256, 512x512, or 1024x1024 for dall-e-2 or dall-e', 'invalid_image_request'],
    ['image_generation', { prompt: 'x', size: '1024×1024' }, "size an unexpected error occurred in the parameter, please use 'x' instead of the multiplication sign '×'", 'invalid_image_request'],
    ['image_generation', { prompt: 'x', n: 0 }, 'n must be an integer between 1 and 10', 'invalid_image_request'],
    ['speech', { model: 'tts-1' }, 'input is required', 'invalid_audio_request'],
    ['moderation', { model: 'omni-moderation-latest' }, 'field input is required', 'invalid_text_request'],
    ['moderation', { input: [] }, 'field input is required', 'invalid_text_request'],
    ['rerank', { model: 'm', query: '', documents: ['a'] }, 'query is empty', 'invalid_text_request'],
    ['rerank', { model: 'm', query: 'q', documents: [] }, 'documents is empty', 'invalid_text_request'],
    ['rerank', { model: 'm', query: 'q' }, 'documents is empty', 'invalid_text_request'],
  ])('%s %j is refused: %s', async (kind, body, message, code) => {
    await expect(parseMediaRequest(kind, json(body), JSON_TYPE)).rejects.toMatchObject({ message, code });
  });

  it.each([
    ['not JSON', Buffer.from('{'), JSON_TYPE],
    ['an array', json([1]), JSON_TYPE],
    ['another content type', json({ input: 'x' }), 'text/plain'],
  ])('refuses a body that is %s', async (_name, raw, type) => {
    await expect(parseMediaRequest('moderation', raw, type)).rejects.toBeInstanceOf(MediaRequestError);
  });
});

describe('parseMediaRequest: multipart kinds', () => {
  it('reads a transcription: default model, the file and its type', async () => {
    const { raw, type } = await multipart({ file: new Blob([Buffer.from('RIFF')], { type: 'audio/wav' }), response_format: 'srt' });
    const req = await parseMediaRequest('transcription', raw, type);
    expect(req).toMatchObject({ kind: 'transcription', model: 'whisper-1' });
    expect(req.audio?.data.toString()).toBe('RIFF');
    expect(req.audio?.type).toBe('audio/wav');
  });

  it('reads an image edit with image[] parts', async () => {
    const { raw, type } = await multipart({ 'image[]': new Blob([Buffer.from('png')]), prompt: 'hat', n: '2', size: '1024x1024' });
    expect(await parseMediaRequest('image_edit', raw, type)).toMatchObject({ model: 'gpt-image-1', image: { n: 2, size: '1024x1024' } });
  });

  it.each<[string, MediaKind, () => Promise<{ raw: Buffer; type: string }>, string]>([
    ['no file', 'transcription', () => multipart({ model: 'whisper-1' }), 'file is required'],
    ['a text file field', 'translation', () => multipart({ file: 'not a file' }), 'file is required'],
    ['an empty file', 'transcription', () => multipart({ file: new Blob([]) }), 'file is empty'],
    ['no image', 'image_edit', () => multipart({ prompt: 'hat' }), 'image is required'],
    ['garbage', 'transcription', async () => ({ raw: Buffer.from('garbage'), type: 'multipart/form-data; boundary=x' }), 'malformed multipart body: Failed to parse body as FormData.'],
    ['no boundary', 'transcription', async () => ({ raw: Buffer.from('x'), type: 'multipart/form-data' }), 'multipart/form-data without a boundary'],
    ['JSON', 'transcription', async () => ({ raw: json({ file: 'x' }), type: JSON_TYPE }), 'Content-Type must be multipart/form-data'],
  ])('refuses %s', async (_name, kind, body, message) => {
    const { raw, type } = await body();
    await expect(parseMediaRequest(kind, raw, type)).rejects.toMatchObject({ message });
  });
});

describe('encodeMultipart', () => {
  it('keeps every part in order and replaces the model', async () => {
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('file', new Blob([Buffer.from([0, 1, 2, 255])], { type: 'audio/wav' }), 'a.wav');
    form.append('language', 'en');
    const { body, contentType } = await encodeMultipart(form, { model: 'whisper-large' });
    const back = await parseMultipart(body, contentType);
    expect([...back.keys()]).toEqual(['model', 'file', 'language']);
    expect(back.get('model')).toBe('whisper-large');
    const file = back.get('file') as File;
    expect(file.name).toBe('a.wav');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 255]));
  });

  it('adds the model when the client gave none', async () => {
    const form = new FormData();
    form.append('prompt', 'x');
    const { body, contentType } = await encodeMultipart(form, { model: 'gpt-image-1' });
    expect((await parseMultipart(body, contentType)).get('model')).toBe('gpt-image-1');
  });
});
