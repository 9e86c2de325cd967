import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../../actors/channel-config.js';
import type { ChunkSource } from '../../formats/format-contracts.js';
import type { ChatRequest } from '../../formats/openai/chat-types.js';
import { READ_SIZES, replaySseBytes } from '../../formats/replay-sse-fixture.js';
import { HUB_META } from '../hub-fixture.js';
import type { HubCall } from '../hub-adapter.js';
import { MetaLines, zhipuV3EventStream } from './zhipu-v3-event-stream.js';
import { ZHIPU_V3, ZhipuV3Stream, zhipuV3Body, zhipuV3Url } from './zhipu-v3.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
const B = 'https://open.bigmodel.cn';
const call = (over: Partial<HubCall> = {}): HubCall => ({ ch: { id: 1, type: 16, other: '' } as ChannelConfig, base: B, key: 'v3-id.v3-secret', model: 'chatglm_turbo', stream: false, now: 1_750_000_000_000, nonce: 'n', ...over });
const hub = (over: Partial<ChatRequest> = {}): ChatRequest => ({ model: 'm', messages: [{ role: 'user', content: 'hi' }], ...over });

/** A recorded stream as the relay reads it: reads of `size` bytes, re-framed, then framed by the SSE parser. */
async function replay(name: string, size: number) {
  const bytes = fixture(name);
  let destroyed = false;
  const body = {
    async *[Symbol.asyncIterator]() {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    },
    destroy: () => {
      destroyed = true;
    },
  };
  const reframed = zhipuV3EventStream(body);
  const out: Buffer[] = [];
  for await (const b of reframed) out.push(b);
  reframed.destroy();
  const source: ChunkSource = new ZhipuV3Stream(HUB_META);
  const chunks = [];
  let failure = null;
  for (const ev of replaySseBytes(Buffer.concat(out), size)) {
    if (failure) break;
    const step = source.push(ev);
    chunks.push(...step.chunks);
    failure = step.failure;
  }
  const deltas = chunks.map((c) => c.choices[0]!);
  return { destroyed, failure, usage: source.usage(), content: deltas.map((d) => d.delta.content ?? '').join(''), finishes: deltas.map((d) => d.finish_reason).filter(Boolean), first: deltas[0]?.delta };
}

describe('Zhipu v3 request', () => {
  it.each([
    [false, `${B}/api/paas/v3/model-api/chatglm_turbo/invoke`],
    [true, `${B}/api/paas/v3/model-api/chatglm_turbo/sse-invoke`],
  ])('stream %s posts to %s', (stream, url) => expect(zhipuV3Url(B, 'chatglm_turbo', stream)).toBe(url));

  it.each<[string, ChatRequest, boolean, Record<string, unknown>]>([
    ['text', hub(), false, { prompt: [{ role: 'user', content: 'hi' }] }],
    [
      'a system message followed by a user "Okay"',
      hub({ messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: [{ type: 'text', text: 'q' }] }, { role: 'assistant', content: 'a' }] }),
      false,
      { prompt: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'Okay' }, { role: 'user', content: 'q' }, { role: 'assistant', content: 'a' }] },
    ],
    ['temperature and top_p', hub({ temperature: 0.3, top_p: 0.7 }), false, { prompt: [{ role: 'user', content: 'hi' }], temperature: 0.3, top_p: 0.7 }],
    ['top_p of 1 lowered to 0.99', hub({ top_p: 1 }), false, { prompt: [{ role: 'user', content: 'hi' }], top_p: 0.99 }],
    ['top_p 0 left out', hub({ top_p: 0 }), false, { prompt: [{ role: 'user', content: 'hi' }] }],
    ['a stream, incremental', hub(), true, { prompt: [{ role: 'user', content: 'hi' }], incremental: true }],
  ])('maps %s', (_name, h, stream, expected) => expect(zhipuV3Body(h, stream)).toEqual(expected));

  it('sends the JWT of the id.secret key as the bare Authorization value', () => {
    const built = ZHIPU_V3.chat!.request(hub(), call({ stream: true }));
    if (!built.ok) throw new Error('not built');
    expect(built.value.url).toBe(`${B}/api/paas/v3/model-api/chatglm_turbo/sse-invoke`);
    const [header, claims, signature] = built.value.headers.authorization!.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ api_key: 'v3-id', timestamp: 1_750_000_000_000 });
    expect(signature).toBe(createHmac('sha256', 'v3-secret').update(`${header}.${claims}`).digest('base64url'));
  });

  it('refuses a key that is not id.secret before sending anything', () => {
    expect(ZHIPU_V3.chat!.request(hub(), call({ key: 'plain-key' }))).toEqual({ ok: false, failure: expect.objectContaining({ status: 400, message: 'Zhipu key must be id.secret' }) });
  });
});

describe('Zhipu v3 answer', () => {
  const answer = (body: unknown) => ZHIPU_V3.chat!.answer(Buffer.from(JSON.stringify(body)), HUB_META);

  it('reads the choices (without the quotes v3 wraps content in) and the usage', () => {
    const r = answer({ code: 200, msg: '操作成功', success: true, data: { task_id: 't', request_id: 'r', task_status: 'SUCCESS', choices: [{ role: 'assistant', content: '"你好"' }], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } } });
    expect(r).toEqual({
      ok: true,
      value: { id: HUB_META.id, object: 'chat.completion', created: HUB_META.created, model: HUB_META.model, choices: [{ index: 0, message: { role: 'assistant', content: '你好' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } },
    });
  });

  it('has no usage when Zhipu counted nothing', () => {
    const r = answer({ success: true, data: { choices: [{ role: 'assistant', content: 'a' }] } });
    expect(r.ok && r.value.usage).toBeUndefined();
  });

  it.each([
    ['a refusal', { code: 1002, msg: 'Authentication Token非法', success: false }, { status: 500, code: 1002, message: 'Authentication Token非法' }],
    ['no choices', { success: true, data: {} }, { status: 502, code: 'bad_response_body' }],
    ['not JSON', 'oops', { status: 502, code: 'bad_response_body' }],
  ])('refuses %s', (_name, body, failure) => {
    const r = typeof body === 'string' ? ZHIPU_V3.chat!.answer(Buffer.from(body), HUB_META) : answer(body);
    expect(r).toEqual({ ok: false, failure: expect.objectContaining(failure) });
  });
});

describe('MetaLines', () => {
  it.each([
    [['data: a\n\n'], 'data: a\n\n'],
    [['event: finish\ndata: \nmeta: {"u":1}\n\n'], 'event: finish\ndata: \n\nevent: meta\ndata: {"u":1}\n\n'],
    [['event: finish\nmeta: {"u":1}\n', 'data: x\n', '\n'], 'event: finish\ndata: x\n\nevent: meta\ndata: {"u":1}\n\n'],
    [['meta:{"u":1}\r\n', '\r\n'], '\r\nevent: meta\ndata: {"u":1}\n\n'],
  ])('%j → %j', (pushes, out) => {
    const lines = new MetaLines();
    expect(pushes.map((p) => lines.push(p)).join('') + lines.flush()).toBe(out);
  });
});

describe('ZhipuV3Stream', () => {
  it.each(READ_SIZES)('streams text, finishes, takes usage from meta (reads of %i bytes)', async (size) => {
    const r = await replay('zhipu-plain-text.sse', size);
    expect(r).toMatchObject({ failure: null, content: '你好，世界🙂! Ça va?', finishes: ['stop'], usage: { prompt_tokens: 6, completion_tokens: 8, total_tokens: 14 }, destroyed: true });
    expect(r.first).toEqual({ role: 'assistant', content: '你好' });
  });

  it.each(READ_SIZES)('keeps characters split across reads and joins multi-line data with a newline (reads of %i bytes)', async (size) => {
    expect(await replay('zhipu-split-utf8.sse', size)).toMatchObject({ failure: null, content: '第一行\n第二行🎉€𝄞完', finishes: ['stop'], usage: { total_tokens: 10 } });
  });

  it('ends a last event that has no blank line before its meta', async () => {
    const bytes = Buffer.from('event: add\ndata: a\n\nevent: finish\ndata: b\nmeta: {"usage":{"prompt_tokens":1,"completion_tokens":2}}');
    const out: Buffer[] = [];
    for await (const b of zhipuV3EventStream({ async *[Symbol.asyncIterator]() { yield bytes; }, destroy: () => undefined })) out.push(b);
    expect(replaySseBytes(Buffer.concat(out))).toEqual([
      { event: 'add', data: 'a' },
      { event: 'finish', data: 'b' },
      { event: 'meta', data: '{"usage":{"prompt_tokens":1,"completion_tokens":2}}' },
    ]);
  });

  it('has no usage when the stream ends without meta (the relay counts the text)', async () => {
    expect(await replay('zhipu-no-usage.sse', 7)).toMatchObject({ failure: null, content: 'Hi there', finishes: ['stop'], usage: null });
  });

  it('fails at an error event, with its message', async () => {
    expect(await replay('zhipu-error-mid-stream.sse', 7)).toMatchObject({ content: 'partial', failure: { status: 500, message: '系统繁忙，请稍后再试', type: 'upstream_error' } });
  });

  it('skips unknown events and comments; meta before the data of finish still counts', async () => {
    expect(await replay('zhipu-unknown-event.sse', 5)).toMatchObject({ failure: null, content: 'ok!', finishes: ['stop'], usage: { prompt_tokens: 2, completion_tokens: 1, total_tokens: 3 } });
  });

  it('ends an interrupted answer as content_filter, billed by its meta', async () => {
    expect(await replay('zhipu-interrupted.sse', 7)).toMatchObject({ failure: null, content: '关于这个', finishes: ['content_filter'], usage: { total_tokens: 6 } });
  });
});
