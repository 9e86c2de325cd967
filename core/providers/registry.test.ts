import { describe, expect, it } from 'vitest';
import { testConfig } from '../actors/test-channel-config.js';
import { ALL_CHANNEL_TYPES } from '../contracts/channel-types.js';
import { PROVIDERS, providerOf } from './registry.js';
import { upstreamAuthHeaders, upstreamUrl } from './upstream-url.js';

const rows = Object.values(PROVIDERS);

/** Every row of the registry, walked as the console's route table is. */
describe('provider registry', () => {
  it('has one row per console channel type, with its label, hint and capabilities', () => {
    expect(rows.map((p) => p.id)).toEqual(ALL_CHANNEL_TYPES.map((o) => o.id));
    for (const option of ALL_CHANNEL_TYPES) expect(PROVIDERS[option.id]).toMatchObject({ ...option, name: option.label.zh });
  });

  it("has new-api's base URLs for its later types (constant/channel.go)", () => {
    expect(Object.fromEntries([50, 51, 52, 53, 54, 55, 56, 57].map((id) => [id, providerOf(id).defaultBaseUrl]))).toEqual({
      50: 'https://api.klingai.com',
      51: 'https://visual.volcengineapi.com',
      52: 'https://api.vidu.cn',
      53: 'https://llm.submodel.ai',
      54: 'https://ark.cn-beijing.volces.com',
      55: 'https://api.openai.com',
      56: 'https://api.replicate.com',
      57: 'https://chatgpt.com',
    });
  });

  // the hint's shape is what the check takes: Zhipu v3 signs its JWT with the secret after the dot
  it.each([
    [16, 'a1b2c3.s3cr3t', true],
    [16, 'sk-plain', false],
    [16, 'a.b.c', false],
    [16, '.secret', false],
    [16, 'id.', false],
    [15, 'api|secret', true],
    [15, 'api', false],
  ] as const)('type %i checks key %j: %s', (type, key, valid) => {
    expect(providerOf(type).keyValid?.(key)).toBe(valid);
  });

  it('falls back to the OpenAI-compatible row for a type it does not know', () => {
    expect(providerOf(999)).toBe(PROVIDERS[0]);
  });

  describe.each(rows.map((p) => [p.id, p.name, p] as const))('type %i (%s)', (id, _name, p) => {
    it('has a usable default base URL, or none', () => {
      if (p.defaultBaseUrl) expect(p.defaultBaseUrl).toMatch(/^https?:\/\/[^\s]+[^/]$/);
    });

    it('checks keys exactly when the console shows a key hint', () => {
      expect(p.keyValid !== null, `type ${id}`).toBe(p.keyHint !== undefined);
    });

    it('queries a balance exactly when it claims the capability', () => {
      expect(p.balance !== null).toBe(p.capabilities.includes('balance'));
    });

    it('lists each default model once', () => {
      expect(new Set(p.models).size).toBe(p.models.length);
    });

    it('is relayed only where it serves chat or embeddings', () => {
      if (p.dialect) expect(p.capabilities.some((c) => c === 'chat' || c === 'embeddings')).toBe(true);
    });

    it.runIf(p.dialect === 'openai')('builds an upstream URL under its base and sends the key', () => {
      const ch = testConfig({ type: id, baseUrl: 'https://relay.example', other: 'acct' });
      expect(upstreamUrl(ch, '/v1/chat/completions', '', 'm', '2025-04-01-preview')).toMatch(/^https:\/\/relay\.example(\/\S*)?$/);
      // a row with an authorize step (Codex's OAuth token) sends its credential there, not in the host's headers
      expect(Object.values(upstreamAuthHeaders(ch, 'sk-k')).some((v) => v.includes('sk-k'))).toBe(!p.authorize);
    });
  });
});
