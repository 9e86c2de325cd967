import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addToken, type ChannelSpec, consumeLogBook, priceModels, type RelayFixture, startRelayFixture } from '../support/relay-fixture.js';
import { seedUser } from '../support/seed-rows.js';

const MODELS = ['claude-tuned', 'gemini-tuned'];

/**
 * A channel's param_override reaches the upstream on the converted paths too (core/relay/param-override.ts):
 * laid over the body as converted for the channel, in its own vocabulary, the client's value overwritten.
 */
describe('param_override on a converted path', () => {
  let f: RelayFixture;
  let openai: OpenAI;
  let claude: Anthropic;
  let userId: number;
  const { charged } = consumeLogBook(() => f.gw, () => userId);
  const lastSent = async () => (await f.mock.requests()).at(-1)!;

  beforeAll(async () => {
    f = await startRelayFixture();
    const channels: Array<ChannelSpec & { param_override?: string }> = [
      { type: 14, models: 'claude-tuned', param_override: JSON.stringify({ temperature: 0.3, top_k: 5 }) },
      { type: 24, models: 'gemini-tuned', param_override: JSON.stringify({ cachedContent: 'cachedContents/abc' }) },
    ];
    for (const ch of channels) await addChannel(f, ch);
    await priceModels(f.root, MODELS);
    const user = await seedUser(f.gw, { username: 'override-user', quota: 1_000_000 });
    userId = user.userId;
    const key = (await addToken(user, { unlimited_quota: true })).key;
    openai = new OpenAI({ baseURL: `${f.gw.url}/v1`, apiKey: key, maxRetries: 0 });
    claude = new Anthropic({ apiKey: key, baseURL: f.gw.url, maxRetries: 0 });
  });
  afterAll(() => f?.stop());

  it('OpenAI client → Claude channel: the Messages body carries the override over the converted request', async () => {
    const r = await openai.chat.completions.create({ model: 'claude-tuned', messages: [{ role: 'user', content: 'hi' }], temperature: 0.9, max_tokens: 32 });
    expect(r.choices[0]!.message.content).toBeTruthy();
    const sent = await lastSent();
    expect(sent.path).toBe('/v1/messages');
    expect(sent.body).toMatchObject({ model: 'claude-tuned', temperature: 0.3, top_k: 5, max_tokens: 32, messages: [{ role: 'user' }] });
    await charged(r.usage!.prompt_tokens + 2 * r.usage!.completion_tokens, 'claude-tuned');
  });

  it('Claude client → Gemini channel: the generateContent body carries it', async () => {
    const msg = await claude.messages.create({ model: 'gemini-tuned', max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] });
    expect(msg.content[0]).toMatchObject({ type: 'text' });
    const sent = await lastSent();
    expect(sent.path).toBe('/v1beta/models/gemini-tuned:generateContent');
    expect(sent.body).toMatchObject({ cachedContent: 'cachedContents/abc', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    await charged(msg.usage.input_tokens + 2 * msg.usage.output_tokens, 'gemini-tuned');
  });
});
