import { describe, expect, it } from 'vitest';
import { parseTokenKey, readApiKey } from './parse-token-key.js';

const K = 'a'.repeat(48);

describe('readApiKey', () => {
  it.each<[string, string, Record<string, string>, string]>([
    ['/v1/chat/completions', '', { authorization: `Bearer sk-${K}` }, `sk-${K}`],
    ['/v1/chat/completions', '', { authorization: `bearer sk-${K}` }, `sk-${K}`],
    ['/v1/chat/completions', '', { authorization: `sk-${K}` }, `sk-${K}`],
    ['/v1/chat/completions', '', { 'x-api-key': `sk-${K}` }, ''],
    ['/v1/messages', '', { 'x-api-key': `sk-${K}`, authorization: 'Bearer other' }, `sk-${K}`],
    ['/v1beta/models/gemini:generateContent', `key=sk-${K}`, {}, `sk-${K}`],
    ['/v1beta/models/gemini:generateContent', 'key=q', { 'x-goog-api-key': 'h' }, 'h'],
    ['/v1/chat/completions', 'key=q', {}, ''],
    ['/v1/models', '', { 'x-api-key': `sk-${K}` }, ''],
    ['/v1/models', '', { 'x-api-key': `sk-${K}`, 'anthropic-version': '2023-06-01' }, `sk-${K}`],
    ['/v1beta/models', '', { 'x-goog-api-key': 'h' }, 'h'],
    ['/v1/models/gemini-2.5-flash:generateContent', '', { 'x-goog-api-key': 'h' }, 'h'],
    ['/mj/submit/imagine', '', { authorization: 'midjourney-proxy', 'mj-api-secret': `Bearer sk-${K}` }, `sk-${K}`],
    ['/v1/realtime', '', { 'sec-websocket-protocol': `realtime, openai-insecure-api-key.sk-${K}, openai-beta.realtime-v1` }, `sk-${K}`],
  ])('%s %s %j → %s', (path, query, headers, want) => {
    expect(readApiKey(path, query, headers)).toBe(want);
  });
});

describe('parseTokenKey', () => {
  it.each([
    [`sk-${K}`, K, null],
    [K, K, null],
    [`sk-${K}-12`, K, '12'],
    [`sk-${K}-abc`, K, 'abc'],
    ['', '', null],
  ])('%s', (raw, key, pin) => {
    expect(parseTokenKey(raw)).toEqual({ key, channelPin: pin });
  });
});
