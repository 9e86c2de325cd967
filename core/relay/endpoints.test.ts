import { describe, expect, it } from 'vitest';
import { forwardedQuery, geminiAction, isMediaKind, RELAY_ENDPOINTS } from './endpoints.js';

describe('RELAY_ENDPOINTS', () => {
  it('has one row per method and path', () => {
    const keys = RELAY_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('never lets a client key travel upstream in the query', () => {
    for (const e of RELAY_ENDPOINTS) {
      if (e.upstreamQuery !== 'all') expect(e.upstreamQuery).not.toContain('key');
      expect(forwardedQuery(e, 'key=sk-1&api_key=2&access_token=3')).toBe('');
    }
  });

  it.each<[string, string, string]>([
    ['/v1/chat/completions', 'api-version=2024-10-21&x=1&key=sk-secret', 'api-version=2024-10-21&x=1'],
    ['/v1beta/models/:model', 'alt=sse&key=sk-secret&other=1', 'alt=sse'],
    ['/v1/messages', 'beta=true', ''],
    // Xunfei Spark's version selector reaches the adapter from every format
    ['/v1/messages', 'beta=true&api-version=v3.1', 'api-version=v3.1'],
    ['/v1beta/models/:model', 'alt=sse&api-version=v4.0', 'alt=sse&api-version=v4.0'],
    ['/v1/responses', 'api-version=v3.5', 'api-version=v3.5'],
  ])('%s forwards %s as %s', (path, query, expected) => {
    expect(forwardedQuery(RELAY_ENDPOINTS.find((e) => e.path === path && e.method === 'post')!, query)).toBe(expected);
  });

  it('reads multipart bodies exactly on the upload routes', () => {
    const multipart = RELAY_ENDPOINTS.filter((e) => e.body === 'multipart').map((e) => e.path);
    expect(multipart).toEqual(['/v1/images/edits', '/v1/audio/transcriptions', '/v1/audio/translations']);
  });

  it('relays the media kinds on OpenAI routes only', () => {
    for (const e of RELAY_ENDPOINTS.filter((r) => isMediaKind(r.kind))) expect(e).toMatchObject({ method: 'post', format: 'openai', model: 'body' });
    // images ×2, audio ×3, moderations, rerank, Codex's alpha search
    expect(RELAY_ENDPOINTS.filter((r) => isMediaKind(r.kind))).toHaveLength(8);
  });

  it('takes the model from the path only where the path has a parameter', () => {
    for (const e of RELAY_ENDPOINTS.filter((r) => r.model === 'path' && r.kind !== 'models')) expect(e.path).toContain(':model');
  });
});

describe('geminiAction', () => {
  it.each([
    ['gemini-2.5-pro:generateContent', { model: 'gemini-2.5-pro', kind: 'chat', stream: false }],
    ['gemini-2.5-flash:streamGenerateContent', { model: 'gemini-2.5-flash', kind: 'chat', stream: true }],
    ['gemini-2.5-flash:countTokens', { model: 'gemini-2.5-flash', kind: 'count_tokens', stream: false }],
    ['text-embedding-004:embedContent', { model: 'text-embedding-004', kind: 'embeddings', stream: false }],
    ['text-embedding-004:batchEmbedContents', { model: 'text-embedding-004', kind: 'embeddings', stream: false }],
    ['tunedModels/x:y:generateContent', { model: 'tunedModels/x:y', kind: 'chat', stream: false }],
  ])('%s', (segment, expected) => {
    expect(geminiAction(segment)).toEqual(expected);
  });

  it.each(['gemini-pro', ':generateContent', 'gemini-pro:deleteEverything'])('refuses %s', (segment) => {
    expect(geminiAction(segment)).toBeNull();
  });
});
