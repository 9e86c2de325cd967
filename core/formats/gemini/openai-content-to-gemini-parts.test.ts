import { describe, expect, it } from 'vitest';
import { contentToGeminiParts } from './openai-content-to-gemini-parts.js';

describe('contentToGeminiParts', () => {
  it('keeps a string as one text part, and none when empty', () => {
    expect(contentToGeminiParts('hi', {})).toEqual({ ok: true, parts: [{ text: 'hi' }] });
    expect(contentToGeminiParts('', {})).toEqual({ ok: true, parts: [] });
  });

  it('sends images inline from data URLs and fetched media, by URL otherwise, and audio and files inline', () => {
    const images = new Map([['https://x.test/cat', { mimeType: 'image/jpeg', data: 'CAT' }]]);
    const result = contentToGeminiParts(
      [
        { type: 'text', text: 'look' },
        { type: 'text', text: '' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,PNG' } },
        { type: 'image_url', image_url: { url: 'https://x.test/cat' } },
        { type: 'image_url', image_url: { url: 'https://x.test/dog.webp?w=1' } },
        { type: 'image_url', image_url: { url: 'gs://bucket/object' } },
        { type: 'input_audio', input_audio: { data: 'WAV', format: 'wav' } },
        { type: 'file', file: { file_data: 'data:application/pdf;base64,PDF', filename: 'a.pdf' } },
      ],
      { images },
    );
    expect(result.ok && result.parts).toEqual([
      { text: 'look' },
      { inlineData: { mimeType: 'image/png', data: 'PNG' } },
      { inlineData: { mimeType: 'image/jpeg', data: 'CAT' } },
      { fileData: { mimeType: 'image/webp', fileUri: 'https://x.test/dog.webp?w=1' } },
      { fileData: { fileUri: 'gs://bucket/object' } },
      { inlineData: { mimeType: 'audio/wav', data: 'WAV' } },
      { inlineData: { mimeType: 'application/pdf', data: 'PDF' } },
    ]);
  });

  it.each([
    ['a fetched image of a MIME type Gemini refuses', { images: new Map([['https://x.test/a.gif', { mimeType: 'image/gif', data: 'G' }]]) }, [{ type: 'image_url', image_url: { url: 'https://x.test/a.gif' } }], /^mime type is not supported by Gemini: 'image\/gif', url: 'https:\/\/x.test\/a.gif'/],
    ['more images than allowed in one message', { maxImagesPerMessage: 1 }, [{ type: 'image_url', image_url: { url: 'data:image/png;base64,A' } }, { type: 'image_url', image_url: { url: 'data:image/png;base64,B' } }], /^too many images in the message, max allowed is 1$/],
    ['a malformed data URL', {}, [{ type: 'image_url', image_url: { url: 'data:image/png,notbase64' } }], /^decode base64 image data failed/],
    ['a file by id', {}, [{ type: 'file', file: { file_id: 'file-1' } }], /^only base64 file is supported in gemini$/],
  ] as const)('refuses %s with a 400', (_, o, content, message) => {
    const result = contentToGeminiParts(content as never, o);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.failure).toMatchObject({ status: 400, type: 'invalid_request_error' });
      expect(result.failure.message).toMatch(message);
    }
  });

  it('allows any number of images with -1', () => {
    const content = Array.from({ length: 20 }, () => ({ type: 'image_url' as const, image_url: { url: 'data:image/png;base64,A' } }));
    expect(contentToGeminiParts(content, { maxImagesPerMessage: -1 }).ok).toBe(true);
    expect(contentToGeminiParts(content, {}).ok).toBe(false);
  });

});
