import { describe, expect, it } from 'vitest';
import type { ClientFormat } from './endpoints.js';
import { chatImageUrls, claudeUrlSources, inlineClaudeSources, inlineImages, mediaTypeOf, urlsToInline, type FetchFile } from './inline-images.js';
import { parseRelayRequest } from './relay-request.js';
import { UserUrlError } from '../upstream/fetch-user-url.js';
import type { Dialect } from '../providers/provider.js';

const parse = (format: ClientFormat, body: Record<string, unknown>) =>
  parseRelayRequest(format, { kind: 'chat', pathModel: format === 'gemini' ? 'gemini-2.5-flash' : null, pathStream: false, batch: false }, Buffer.from(JSON.stringify(body)), 'application/json');

const IMG = 'https://img.example/cat.png';
const openAiWithImage = (url = IMG) =>
  parse('openai', { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'what is this' }, { type: 'image_url', image_url: { url } }] }] });
const claudeWithImage = (url = IMG) =>
  parse('claude', { model: 'm', max_tokens: 8, messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'url', url } }, { type: 'text', text: 'what is this' }] }] });
const geminiWithFile = () => parse('gemini', { contents: [{ role: 'user', parts: [{ fileData: { fileUri: IMG, mimeType: 'image/png' } }] }] });

describe('urlsToInline: which targets need the gateway to fetch', () => {
  it.each<[string, () => ReturnType<typeof parse>, number, Dialect, boolean, string[] | null]>([
    ['OpenAI → Gemini', openAiWithImage, 24, 'gemini', false, [IMG]],
    ['Claude client → Gemini', claudeWithImage, 24, 'gemini', false, [IMG]],
    ['OpenAI → Vertex Gemini', openAiWithImage, 41, 'gemini', false, [IMG]],
    ['OpenAI → Bedrock Claude', openAiWithImage, 33, 'claude', false, [IMG]],
    ['OpenAI → Vertex Claude', openAiWithImage, 41, 'claude', false, [IMG]],
    ['Claude client → Bedrock, its own body', claudeWithImage, 33, 'claude', true, [IMG]],
    ['Claude client → Vertex Claude, its own body', claudeWithImage, 41, 'claude', true, [IMG]],
    // Anthropic fetches URL sources itself; OpenAI hosts take image URLs; a Gemini client's fileData is its own
    ['OpenAI → Anthropic', openAiWithImage, 14, 'claude', false, null],
    ['Claude client → Anthropic', claudeWithImage, 14, 'claude', true, null],
    ['OpenAI → OpenAI', openAiWithImage, 1, 'openai', true, null],
    ['Gemini client → Gemini', geminiWithFile, 24, 'gemini', true, null],
    ['data URL → Gemini', () => openAiWithImage('data:image/png;base64,iVBORw0KGgo='), 24, 'gemini', false, null],
    ['gs:// → Gemini', () => openAiWithImage('gs://bucket/cat.png'), 24, 'gemini', false, null],
  ])('%s', (_name, req, type, dialect, native, expected) => {
    expect(urlsToInline(req(), type, dialect, native)).toEqual(expected);
  });
});

describe('collecting URLs', () => {
  it('takes distinct http(s) image_url parts of every message', () => {
    const chat = {
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: [{ type: 'image_url', image_url: { url: IMG } }, { type: 'image_url', image_url: { url: 'HTTP://IMG.example/2.jpg' } }] },
        { role: 'user', content: [{ type: 'image_url', image_url: { url: IMG } }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AA==' } }, { type: 'text', text: 'https://not.an/image' }] },
      ],
    };
    expect(chatImageUrls(chat)).toEqual([IMG, 'HTTP://IMG.example/2.jpg']);
    expect(chatImageUrls(null)).toEqual([]);
  });

  it("takes Claude image and document url sources, a tool result's included", () => {
    const messages = [
      { role: 'user', content: 'text only' },
      { role: 'user', content: [{ type: 'document', source: { type: 'url', url: 'https://docs.example/a.pdf' } }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AA==' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'image', source: { type: 'url', url: IMG } }] }] },
      { role: 'user', content: [{ type: 'image', source: { type: 'file', file_id: 'f1' } }] },
    ];
    expect(claudeUrlSources(messages)).toEqual(['https://docs.example/a.pdf', IMG]);
  });
});

describe('inlineClaudeSources', () => {
  const images = new Map([
    [IMG, { mimeType: 'image/png', data: 'iVBORw0KGgo=' }],
    ['https://docs.example/a.pdf', { mimeType: 'application/pdf', data: 'JVBERi0=' }],
    ['https://img.example/page.html', { mimeType: 'text/html', data: 'PGh0bWw+' }],
  ]);

  it('turns fetched url sources into base64 ones and shares what it leaves alone', () => {
    const untouched = { role: 'assistant', content: [{ type: 'text', text: 'ok' }] };
    const messages = [
      untouched,
      { role: 'user', content: [{ type: 'image', source: { type: 'url', url: IMG }, cache_control: { type: 'ephemeral' } }, { type: 'document', source: { type: 'url', url: 'https://docs.example/a.pdf' }, title: 'a' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'image', source: { type: 'url', url: IMG } }] }] },
    ];
    const before = JSON.stringify(messages);
    const r = inlineClaudeSources(messages, images);
    expect(r).toEqual({
      ok: true,
      messages: [
        untouched,
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' }, cache_control: { type: 'ephemeral' } },
            { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'a' },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }] }] },
      ],
    });
    expect(r.ok && (r.messages as unknown[])[0]).toBe(untouched);
    expect(JSON.stringify(messages)).toBe(before);
  });

  it('refuses an image whose fetched type Claude does not read', () => {
    const r = inlineClaudeSources([{ role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'https://img.example/page.html' } }] }], images);
    expect(r).toEqual({
      ok: false,
      failure: expect.objectContaining({ status: 400, message: "mime type is not supported by Claude: 'text/html', url: 'https://img.example/page.html', supported types are: image/jpeg, image/png, image/gif, image/webp" }),
    });
  });
});

describe('inlineImages', () => {
  const file = (bytes: Buffer, contentType = 'image/png') => ({ bytes, contentType, url: '' });

  it('fetches each URL once per request, at most four at a time, as base64', async () => {
    const req = openAiWithImage();
    let inFlight = 0;
    let most = 0;
    const calls: string[] = [];
    const fetchFile: FetchFile = async (url) => {
      calls.push(url);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return file(Buffer.from(url));
    };
    const urls = Array.from({ length: 9 }, (_, i) => `https://img.example/${i}.png`);
    const images = await inlineImages(req, urls, fetchFile, 1 << 20);
    expect([...images.keys()]).toEqual(expect.arrayContaining(urls));
    expect(images.get(urls[3]!)).toEqual({ mimeType: 'image/png', data: Buffer.from(urls[3]!).toString('base64') });
    expect(most).toBe(4);
    // a retry on another channel needing one more URL fetches only that one
    await inlineImages(req, [...urls, 'https://img.example/extra.png'], fetchFile, 1 << 20);
    expect(calls).toHaveLength(10);
  });

  it("answers a refused or failed fetch with the client's 400 naming the URL", async () => {
    const refused: FetchFile = async () => {
      throw new UserUrlError('URL not allowed: outbound address 127.0.0.1 refused (loopback)', true);
    };
    await expect(inlineImages(openAiWithImage(), [IMG], refused, 1 << 20)).rejects.toMatchObject({
      status: 400,
      local: true,
      type: 'invalid_request_error',
      message: `get file base64 from url '${IMG}' failed: URL not allowed: outbound address 127.0.0.1 refused (loopback)`,
    });
    const broken: FetchFile = async () => {
      throw new Error('socket secrets');
    };
    await expect(inlineImages(openAiWithImage(), [IMG], broken, 1 << 20)).rejects.toMatchObject({ message: `get file base64 from url '${IMG}' failed: download failed` });
  });

  it("keeps a request's files within the total", async () => {
    const fetchFile: FetchFile = async () => file(Buffer.alloc(600 * 1024));
    const urls = ['https://a.example/1.png', 'https://a.example/2.png'];
    await expect(inlineImages(openAiWithImage(), urls, fetchFile, 1 << 20)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/exceed 1MB in total$/) });
  });
});

describe('mediaTypeOf', () => {
  it.each<[string, Buffer, string]>([
    ['image/jpeg', Buffer.from('whatever'), 'image/jpeg'],
    ['', Buffer.from('89504e470d0a1a0a0000', 'hex'), 'image/png'],
    ['application/octet-stream', Buffer.from('ffd8ffe000104a464946', 'hex'), 'image/jpeg'],
    ['', Buffer.from('GIF89a....'), 'image/gif'],
    ['binary/octet-stream', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), 'image/webp'],
    ['', Buffer.from('%PDF-1.7'), 'application/pdf'],
    ['', Buffer.from('plain words'), 'application/octet-stream'],
    ['application/octet-stream', Buffer.from('plain words'), 'application/octet-stream'],
  ])('%s and %s → %s', (declared, bytes, expected) => {
    expect(mediaTypeOf(declared, bytes)).toBe(expected);
  });
});
