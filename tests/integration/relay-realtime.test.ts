import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MOCK_REALTIME_DROP_KEY, MOCK_REALTIME_NO_USAGE_KEY, MOCK_REALTIME_REFUSE_KEY, MOCK_REALTIME_USAGE, type RealtimeUpgradeRecord } from '../../bench/mock-realtime.js';
import { countText } from '../../core/tokenizer/count-text.js';
import { eventually, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { startMockUpstreamProcess, type MockUpstreamProcess } from '../support/mock-upstream-process.js';
import { addChannel, addToken, ledger, startRelayFixture, type Ledger, type RelayFixture } from '../support/relay-fixture.js';
import { testDbKind } from '../support/test-database.js';

// Defaults: gpt-4o-realtime-preview ratio 2.5, gpt-4o-mini-realtime-preview 0.3, completion ratio 4 (gpt-4o*),
// audio ratio 8 for the exact gpt-4o-realtime-preview, 10/0.6 for the mini, 20 for a dated snapshot, audio
// completion ×2, group ratio 1; cache ratio 0.5 for the two undated models, 1 for the snapshots. The mock reports
// per response: text in 50 (10 of them cached), audio in 80 (10 cached), text out 60, audio out 200.
// One response of gpt-4o-realtime-preview: (40 + 10×0.5 + 60×4 + 80×8 + 200×8×2) × 2.5 = 10 312.5 → 10 313
const FULL_RESPONSE = 10_313;
// gpt-4o-mini-realtime-preview: (40 + 5 + 240 + 80×16.666… + 200×16.666…×2) × 0.3 = 2485.5 → 2486
const MINI_RESPONSE = 2_486;
// gpt-4o-realtime-preview-2024-12-17 (audio ratio 20, cache ratio 1): (50 + 240 + 1600 + 8000) × 2.5 = 24 725
const DATED_RESPONSE = 24_725;

interface ServerEvent {
  type: string;
  error?: { message: string; type: string; code: unknown };
  response?: { usage?: unknown };
}

/** A client socket whose frames are kept, to be awaited in order. */
interface Session {
  ws: WebSocket;
  events: ServerEvent[];
  binary: Buffer[];
  closed: Promise<number>;
  next(type: string, count?: number): Promise<ServerEvent>;
}

function connect(url: string, protocols: string[], headers: Record<string, string> = {}): Session {
  const ws = new WebSocket(url, protocols, { headers });
  const events: ServerEvent[] = [];
  const binary: Buffer[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data, isBinary) => {
    if (isBinary) binary.push(data as Buffer);
    else events.push(JSON.parse((data as Buffer).toString('utf8')) as ServerEvent);
    for (const w of waiters.splice(0)) w();
  });
  ws.on('error', () => {});
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const next = (type: string, count = 1) =>
    new Promise<ServerEvent>((resolve, reject) => {
      // under the test's own timeout, so a missing event fails with what did arrive (the sessions CI once saw
      // hang were sockets this uWS build closed after an async upgrade, not a slow machine)
      const t = setTimeout(() => reject(new Error(`no ${count}× ${type}; got ${events.map((e) => e.type).join(',')}`)), 15_000);
      const check = () => {
        const found = events.filter((e) => e.type === type);
        if (found.length >= count) {
          clearTimeout(t);
          resolve(found[count - 1]!);
        } else waiters.push(check);
      };
      check();
    });
  return { ws, events, binary, closed, next };
}

interface LogRow {
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  model_name: string;
  content: string;
  is_stream: boolean;
  other: string;
}

describe('/v1/realtime over WebSockets, billed from the upstream usage events', () => {
  let f: RelayFixture;
  let key: string;
  let wsUrl: string;

  beforeAll(async () => {
    f = await startRelayFixture();
    const r = await f.root.put('/api/option/', { key: 'RetryTimes', value: '1' });
    expect(r.body.success).toBe(true);
    await addChannel(f, { models: 'gpt-4o-realtime-preview' });
    // a channel without the socket, first in line for the same model: selection passes it over (every session
    // of gpt-4o-realtime-preview below would fail on it otherwise)
    await addChannel(f, { type: 14, models: 'gpt-4o-realtime-preview', priority: 10 });
    await addChannel(f, { key: MOCK_REALTIME_DROP_KEY, models: 'gpt-4o-mini-realtime-preview' });
    // a refusing channel tried first, then a good one: the client never sees the refusal
    await addChannel(f, { key: MOCK_REALTIME_REFUSE_KEY, models: 'gpt-4o-realtime-preview-2024-12-17', priority: 10 });
    await addChannel(f, { models: 'gpt-4o-realtime-preview-2024-12-17', priority: 0 });
    await addChannel(f, { key: MOCK_REALTIME_REFUSE_KEY, models: 'gpt-4o-mini-realtime-preview-2024-12-17' });
    await addChannel(f, { key: MOCK_REALTIME_NO_USAGE_KEY, models: 'gpt-4o-realtime-preview-2024-10-01' });
    await addChannel(f, { type: 14, models: 'claude-3-haiku-20240307' });
    const t = await addToken(f.root);
    key = t.key;
    wsUrl = `${f.gw.url.replace(/^http/, 'ws')}/v1/realtime`;
  });
  afterAll(() => f?.stop());

  const upgrades = async () => (await (await fetch(`${f.mock.url}/__mock/realtime`)).json()) as RealtimeUpgradeRecord[];
  const lastLog = async () =>
    (await f.gw.sql<LogRow[]>`SELECT quota, prompt_tokens, completion_tokens, model_name, content, is_stream, other FROM logs WHERE user_id = ${f.root.userId} AND type = 2 ORDER BY id DESC LIMIT 1`)[0]!;
  // the balance as the user sees it: quota leased into the gateway's memory is still theirs
  const balance = async () => (await f.root.get<{ quota: number }>('/api/user/self')).body.data!.quota;
  const subprotocols = (k: string) => ['realtime', `openai-insecure-api-key.${k}`, 'openai-beta.realtime-v1'];

  const snapshot = async () => {
    const { used, requests, charged: logged, logs } = await ledger(f.gw, f.root.userId);
    return { used, requests, logged, logs, balance: await balance() };
  };
  const start = async () => ({ ...(await ledger(f.gw, f.root.userId)), balance: await balance() });

  /** Waits until one more consume row has landed and the balance moved by exactly what it says. */
  async function charged(before: Ledger & { balance: number }, amount: number): Promise<LogRow> {
    const after = await ledger(f.gw, f.root.userId, (v) => v.logs === before.logs + 1 && v.used === before.used + amount);
    expect(after.logs).toBe(before.logs + 1);
    expect(after.used - before.used).toBe(amount);
    expect(after.charged - before.charged).toBe(amount);
    expect(await eventually(balance, (b) => b === before.balance - amount)).toBe(before.balance - amount);
    const row = await lastLog();
    expect(row.quota).toBe(amount);
    return row;
  }

  /** A refused session: an error frame, the socket closed, nothing charged or logged. */
  async function refused(url: string, protocols: string[]): Promise<{ code: number; error: NonNullable<ServerEvent['error']> }> {
    const before = await snapshot();
    const s = connect(url, protocols);
    const frame = await s.next('error');
    const code = await s.closed;
    // a late charge or log would show within the settle window
    await new Promise((r) => setTimeout(r, 300));
    expect(await snapshot()).toEqual(before);
    return { code, error: frame.error! };
  }

  it('pipes two responses both ways and bills their reported usage, summed, once', async () => {
    const before = await start();
    const seenBefore = (await upgrades()).length;
    const s = connect(`${wsUrl}?model=gpt-4o-realtime-preview`, subprotocols(key));
    await new Promise<void>((resolve, reject) => (s.ws.once('open', () => resolve()), s.ws.once('unexpected-response', () => reject(new Error('refused')))));
    // the subprotocol answered is `realtime`, never the one carrying the key
    expect(s.ws.protocol).toBe('realtime');
    await s.next('session.created');
    s.ws.send(JSON.stringify({ type: 'response.create' }));
    const first = await s.next('response.done');
    expect(first.response?.usage).toEqual(MOCK_REALTIME_USAGE);
    const audio = Buffer.from([0, 1, 2, 3, 254, 255]);
    s.ws.send(audio, { binary: true });
    s.ws.send(JSON.stringify({ type: 'response.create' }));
    await s.next('response.done', 2);
    expect(s.events.filter((e) => e.type === 'response.audio.delta')).toHaveLength(4);
    expect(s.events.filter((e) => e.type === 'response.text.delta')).toHaveLength(4);
    expect(s.binary).toEqual([audio]);
    s.ws.close(1000);
    expect(await s.closed).toBe(1000);

    // 2 × 10 325, beyond the 1 250 reserved up front (500 × 2.5): the session held more as it went
    const row = await charged(before, 2 * FULL_RESPONSE);
    expect(row.model_name).toBe('gpt-4o-realtime-preview');
    expect(row.is_stream).toBe(false);
    expect(row.prompt_tokens).toBe(260);
    expect(row.completion_tokens).toBe(520);
    expect(row.content).toBe('模型倍率 2.50，补全倍率 4.00，音频倍率 8.00，音频补全倍率 2.00，分组倍率 1.00');
    expect(JSON.parse(row.other)).toMatchObject({
      ws: true,
      audio_input: 160,
      audio_output: 400,
      text_input: 100,
      text_output: 120,
      audio_ratio: 8,
      audio_completion_ratio: 2,
      model_ratio: 2.5,
      completion_ratio: 4,
      // the cached text, priced at the cache ratio (the cached audio is not discounted)
      cache_tokens: 20,
      cache_ratio: 0.5,
    });
    expect(JSON.parse(row.other).admin_info.local_count_tokens).toBeUndefined();
    expect((await ledger(f.gw, f.root.userId)).requests).toBe(before.requests + 1);

    // the upstream got the channel's key and the realtime beta header, never the client's token
    const [up] = (await upgrades()).slice(seenBefore);
    expect(up).toMatchObject({ path: '/v1/realtime', query: 'model=gpt-4o-realtime-preview', authorization: 'Bearer mock-ok', openaiBeta: 'realtime=v1', protocol: '' });
    expect(JSON.stringify(await upgrades())).not.toContain(key.slice(3));
  });

  it('charges a session that reserved nothing (PreConsumedQuota 0) once, what its responses reported', async () => {
    expect((await f.root.put('/api/option/', { key: 'PreConsumedQuota', value: '0' })).body.success).toBe(true);
    try {
      const before = await start();
      const s = connect(`${wsUrl}?model=gpt-4o-realtime-preview`, subprotocols(key));
      await s.next('session.created');
      s.ws.send(JSON.stringify({ type: 'response.create' }));
      await s.next('response.done');
      s.ws.close(1000);
      expect(await s.closed).toBe(1000);
      // the balance falls by the one logged charge: before, the batched balance write took it a second time
      await charged(before, FULL_RESPONSE);
    } finally {
      expect((await f.root.put('/api/option/', { key: 'PreConsumedQuota', value: '500' })).body.success).toBe(true);
    }
  });

  it('takes the key from Authorization too', async () => {
    const before = await start();
    const s = connect(`${wsUrl}?model=gpt-4o-realtime-preview`, [], { authorization: `Bearer ${key}` });
    await s.next('session.created');
    s.ws.send(JSON.stringify({ type: 'response.create' }));
    await s.next('response.done');
    s.ws.close(1000);
    await s.closed;
    const row = await charged(before, FULL_RESPONSE);
    // the Claude channel ahead of it was never tried
    expect(JSON.parse(row.other).admin_info.use_channel).toHaveLength(1);
  });

  it('holds what the client sends before the upstream socket is up, then passes it on in order', async () => {
    const before = await start();
    const s = connect(`${wsUrl}?model=gpt-4o-realtime-preview`, subprotocols(key));
    // sent the moment the socket opens: the gateway is still authenticating and connecting the upstream
    s.ws.once('open', () => {
      s.ws.send(Buffer.from([9, 8, 7]), { binary: true });
      s.ws.send(JSON.stringify({ type: 'response.create' }));
    });
    await s.next('response.done');
    expect(s.binary).toEqual([Buffer.from([9, 8, 7])]);
    // the session's own first frame still comes first
    expect(s.events[0]!.type).toBe('session.created');
    s.ws.close(1000);
    await s.closed;
    await charged(before, FULL_RESPONSE);
  });

  it('bills what was reported when the upstream drops mid-session, and refunds the rest', async () => {
    const before = await start();
    const s = connect(`${wsUrl}?model=gpt-4o-mini-realtime-preview`, subprotocols(key));
    await s.next('session.created');
    s.ws.send(JSON.stringify({ type: 'response.create' }));
    await s.next('response.done');
    const err = await s.next('error');
    expect(err.error).toMatchObject({ type: 'upstream_error', code: 'upstream_closed' });
    expect(await s.closed).toBe(1011);
    const row = await charged(before, MINI_RESPONSE);
    expect(JSON.parse(row.other)).toMatchObject({ ws: true, audio_input: 80, audio_output: 200, text_input: 50, text_output: 60 });
  });

  it('retries another channel when the upstream refuses the handshake, before the client is told', async () => {
    const before = await start();
    const seenBefore = (await upgrades()).length;
    const s = connect(`${wsUrl}?model=gpt-4o-realtime-preview-2024-12-17`, subprotocols(key));
    await s.next('session.created');
    s.ws.send(JSON.stringify({ type: 'response.create' }));
    await s.next('response.done');
    s.ws.close(1000);
    await s.closed;
    expect(s.events.some((e) => e.type === 'error')).toBe(false);
    const row = await charged(before, DATED_RESPONSE);
    // a cache ratio of 1 discounts nothing, but the cached text is still shown
    expect(JSON.parse(row.other)).toMatchObject({ audio_ratio: 20, cache_tokens: 10, cache_ratio: 1, admin_info: { use_channel: [expect.any(String), expect.any(String)] } });
    expect((await upgrades()).slice(seenBefore).map((u) => u.authorization)).toEqual([`Bearer ${MOCK_REALTIME_REFUSE_KEY}`, 'Bearer mock-ok']);
  });

  it('counts a response itself when its response.done has no usage, and bills that', async () => {
    const model = 'gpt-4o-realtime-preview-2024-10-01';
    const before = await start();
    const s = connect(`${wsUrl}?model=${model}`, subprotocols(key));
    await s.next('session.created');
    const instructions = 'Answer in one short sentence.';
    const question = 'What is the capital of France?';
    s.ws.send(JSON.stringify({ type: 'session.update', session: { instructions, voice: 'alloy' } }));
    s.ws.send(JSON.stringify({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: question }] } }));
    // one second of pcm16 at 24 kHz (48 000 bytes), in chunks as a client streams it (and under the mock's 16 KB frames)
    for (let i = 0; i < 6; i++) s.ws.send(JSON.stringify({ type: 'input_audio_buffer.append', audio: Buffer.alloc(8000).toString('base64') }));
    s.ws.send(JSON.stringify({ type: 'response.create' }));
    const done = await s.next('response.done');
    expect(done.response?.usage).toBeUndefined();
    // a second response with nothing new from the client: only its output is counted
    s.ws.send(JSON.stringify({ type: 'response.create' }));
    await s.next('response.done', 2);
    s.ws.close(1000);
    await s.closed;

    const textIn = countText(instructions + question, model);
    const textOut = countText('Hello there', model);
    // 1 s of audio in: 1/60 × 100/0.06 = 27 tokens; the mock's 6 bytes of audio out are 0. Audio ratio 20 (a dated snapshot).
    const first = Math.round((textIn + textOut * 4 + 27 * 20) * 2.5);
    const second = Math.round(textOut * 4 * 2.5);
    const row = await charged(before, first + second);
    expect(row.prompt_tokens).toBe(textIn + 27);
    expect(row.completion_tokens).toBe(2 * textOut);
    expect(JSON.parse(row.other)).toMatchObject({
      ws: true,
      text_input: textIn,
      audio_input: 27,
      text_output: 2 * textOut,
      audio_output: 0,
      cache_tokens: 0,
      admin_info: { local_count_tokens: true },
    });
  });

  it("counts the session's tools (8 tokens each, from its second counted response) and bills what the client sent after the last response", async () => {
    const model = 'gpt-4o-realtime-preview-2024-10-01';
    const before = await start();
    const s = connect(`${wsUrl}?model=${model}`, subprotocols(key));
    await s.next('session.created');
    const instructions = 'Use the tools.';
    const tools = [
      { type: 'function', name: 'get_weather', description: 'The weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
      { type: 'function', name: 'get_time', description: 'The time in a city' },
    ];
    s.ws.send(JSON.stringify({ type: 'session.update', session: { instructions, tools } }));
    s.ws.send(JSON.stringify({ type: 'response.create' }));
    await s.next('response.done');
    s.ws.send(JSON.stringify({ type: 'response.create' }));
    await s.next('response.done', 2);
    // sent after the last response.done: a question and half a second of audio, never answered
    const late = 'And tomorrow?';
    s.ws.send(JSON.stringify({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: late }] } }));
    for (let i = 0; i < 3; i++) s.ws.send(JSON.stringify({ type: 'input_audio_buffer.append', audio: Buffer.alloc(8000).toString('base64') }));
    s.ws.close(1000);
    await s.closed;

    const textOut = countText('Hello there', model);
    // each tool as Go's %v prints new-api's decoded RealTimeTool struct
    const toolTexts = '{function get_weather The weather of a city map[properties:map[city:map[type:string]] type:object]}' + '{function get_time The time in a city <nil>}';
    // the first counted response skips the tools (new-api's IsFirstRequest); the second counts each one's text and 8
    const firstIn = countText(instructions, model);
    const secondIn = countText(toolTexts, model) + 2 * 8;
    // 0.5 s of pcm16 in: 0.5/60 × 100/0.06 = 13 tokens
    const lateIn = countText(late, model);
    const first = Math.round((firstIn + textOut * 4) * 2.5);
    const second = Math.round((secondIn + textOut * 4) * 2.5);
    const leftover = Math.round((lateIn + 13 * 20) * 2.5);
    const row = await charged(before, first + second + leftover);
    expect(row.prompt_tokens).toBe(firstIn + secondIn + lateIn + 13);
    expect(row.completion_tokens).toBe(2 * textOut);
    expect(JSON.parse(row.other)).toMatchObject({ text_input: firstIn + secondIn + lateIn, audio_input: 13, admin_info: { local_count_tokens: true } });
  });

  it('closes the session with an error frame when the token cannot pay for the next response, billing what was reported', async () => {
    // 12 000: the 1 250 reserved and the first response's hold fit, the second response's hold does not
    const poor = await addToken(f.root, { remain_quota: 12_000 });
    const before = await start();
    const s = connect(`${wsUrl}?model=gpt-4o-realtime-preview`, subprotocols(poor.key));
    await s.next('session.created');
    s.ws.send(JSON.stringify({ type: 'response.create' }));
    await s.next('response.done');
    s.ws.send(JSON.stringify({ type: 'response.create' }));
    const err = await s.next('error');
    expect(err.error).toMatchObject({ code: 'pre_consume_token_quota_failed' });
    expect(await s.closed).toBe(1008);
    // both responses were delivered, so both are billed (the shortfall beyond the token is the user's)
    await charged(before, 2 * FULL_RESPONSE);
  });

  it('answers a bad key with an error frame, costing nothing and never reaching the upstream', async () => {
    const seenBefore = (await upgrades()).length;
    const { code, error } = await refused(`${wsUrl}?model=gpt-4o-realtime-preview`, subprotocols('sk-notavalidtoken'));
    expect(code).toBe(1008);
    expect(error.message).toBe('无效的令牌');
    expect((await upgrades()).length).toBe(seenBefore);
  });

  it.each([
    ['a model no channel serves', 'no-such-realtime-model', 'model_not_found', 1011],
    // only channels without the socket serve it: the no-channel error of selection, before anything is reserved
    ['a model only channel types without a realtime socket serve', 'claude-3-haiku-20240307', 'model_not_found', 1011],
    ['an upstream that refuses on every channel', 'gpt-4o-mini-realtime-preview-2024-12-17', 'invalid_api_key', 1008],
  ])('answers %s with an error frame, costing nothing', async (_what, model, errorCode, closeCode) => {
    const { code, error } = await refused(`${wsUrl}?model=${model}`, subprotocols(key));
    expect(error.code).toBe(errorCode);
    expect(code).toBe(closeCode);
    if (errorCode === 'model_not_found') expect(error.message).toBe(`当前分组 default 下对于模型 ${model} 无可用渠道`);
  });
});

// SIGTERM with a session open: the gateway ends it (close 1001) and settles it before its last flush, so the
// responses already delivered are charged and logged, and the rest of the reservation comes back.
describe('a realtime session open when the gateway stops', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ferryman-realtime-stop-'));
  let mock: MockUpstreamProcess;
  const gateways: TestGateway[] = [];
  afterAll(async () => {
    for (const gw of gateways.reverse()) await gw.stop().catch(() => {});
    await mock?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is settled and logged before the gateway exits', async () => {
    mock = await startMockUpstreamProcess();
    const embedded = testDbKind() === 'embedded';
    const first = await startGateway({}, embedded ? { dataDir: dir } : {});
    gateways.push(first);
    const root = await setupRoot(first);
    await addChannel({ gw: first, mock, root, stop: async () => {} } as RelayFixture, { models: 'gpt-4o-realtime-preview' });
    const { key } = await addToken(root, { unlimited_quota: true });
    const before = await ledger(first, root.userId);
    // on PostgreSQL a second node reads the books once the first is gone
    const reader = embedded ? null : await startGateway({}, { databaseUrl: first.databaseUrl! });
    if (reader) gateways.push(reader);

    const s = connect(`${first.url.replace(/^http/, 'ws')}/v1/realtime?model=gpt-4o-realtime-preview`, ['realtime', `openai-insecure-api-key.${key}`, 'openai-beta.realtime-v1']);
    await s.next('session.created');
    s.ws.send(JSON.stringify({ type: 'response.create' }));
    await s.next('response.done');
    // SIGTERM, as a supervisor stops it (stop() would also drop a PostgreSQL test database the reader still needs)
    process.kill(first.pid, 'SIGTERM');
    expect(await s.closed).toBe(1001);
    const exited = () => Promise.resolve((() => { try { process.kill(first.pid, 0); return false; } catch { return true; } })());
    expect(await eventually(exited, (gone) => gone, 15_000)).toBe(true);

    const after = embedded ? await startGateway({}, { dataDir: dir }) : reader!;
    if (embedded) gateways.push(after);
    const end = await ledger(after, root.userId, (v) => v.logs === before.logs + 1);
    expect(end.logs).toBe(before.logs + 1);
    expect(end.used - before.used).toBe(FULL_RESPONSE);
    expect(end.charged - before.charged).toBe(FULL_RESPONSE);
    expect(before.quota - end.quota).toBe(FULL_RESPONSE);
    // two gateway starts and a stop: minutes on a loaded machine
  }, 240_000);
});
