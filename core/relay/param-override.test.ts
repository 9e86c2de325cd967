import { describe, expect, it } from 'vitest';
import { toChannelConfig } from '../actors/channel-config.js';
import type { ChannelRow } from '../db/rows.js';
import { parseMediaRequest, type MediaKind } from '../formats/media/media-request.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { mediaUpstreamCall } from './media-upstream.js';
import { takesParamOverride } from './param-override.js';

const ch = (paramOverride: object | null, type = 1) =>
  toChannelConfig({ id: 1, type, key: 'k', name: 'c', base_url: 'http://up', models: 'm', group: 'default', status: 1, weight: 0, priority: 0, other: '', other_info: '', param_override: paramOverride ? JSON.stringify(paramOverride) : null } as ChannelRow);
// only a provider with its own media adapter fetches anything first; an OpenAI channel never does
const noUpstream = {} as UpstreamClient;

describe('takesParamOverride (the kinds new-api lays param_override over)', () => {
  it.each<[string, boolean]>([
    ['chat', true],
    ['completions', true],
    ['embeddings', true],
    ['image_generation', true],
    ['moderation', true],
    ['rerank', true],
    ['alpha_search', true],
    ['count_tokens', false],
    ['image_edit', false],
    ['speech', false],
    ['transcription', false],
    ['translation', false],
  ])('%s → %s', (kind, applies) => expect(takesParamOverride(kind as MediaKind)).toBe(applies));
});

describe('param_override on the media JSON bodies', () => {
  it.each<[MediaKind, object, boolean, number]>([
    ['image_generation', { model: 'dall-e-3', prompt: 'a cat', size: '1024x1024' }, true, 1],
    ['moderation', { model: 'omni-moderation-latest', input: 'hi' }, true, 1],
    ['rerank', { model: 'rerank-1', query: 'q', documents: ['a', 'b'] }, true, 38],
    ['speech', { model: 'tts-1', input: 'hi', voice: 'alloy' }, false, 1],
  ])('%s: applied %s', async (kind, body, applied, type) => {
    const req = await parseMediaRequest(kind, Buffer.from(JSON.stringify(body)), 'application/json');
    const override = { custom_flag: 'on', model: 'overridden' };
    const bare = JSON.parse(String((await mediaUpstreamCall(req, ch(null, type), 'k', 'up-model', '', 'v', noUpstream)).body)) as Record<string, unknown>;
    expect(bare).toEqual(Object.assign({}, body, { model: 'up-model' }));
    const call = await mediaUpstreamCall(req, ch(override, type), 'k', 'up-model', '', 'v', noUpstream);
    expect(JSON.parse(String(call.body))).toEqual(applied ? Object.assign({}, bare, override) : bare);
    expect(call.headers['content-type']).toBe('application/json');
  });
});
