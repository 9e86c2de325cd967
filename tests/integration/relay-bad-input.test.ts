import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addToken, ledger, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

describe('bad relay input gets a clear OpenAI-style error and changes nothing', () => {
  let f: RelayFixture;
  let key: string;
  beforeAll(async () => {
    f = await startRelayFixture({ MAX_REQUEST_BODY_MB: '1' });
    await addChannel(f);
    key = (await addToken(f.root)).key;
  });
  afterAll(() => f?.stop());

  const send = (body: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(`${f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, ...headers },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });

  it.each<[string, string | Buffer, Record<string, string> | undefined, number, RegExp]>([
    ['truncated JSON', '{"model":', undefined, 400, /无效的请求/],
    ['wrong content type', '{"model":"gpt-4o-mini","messages":[]}', { 'content-type': 'text/plain' }, 400, /Content-Type/],
    ['missing model', '{"messages":[{"role":"user","content":"hi"}]}', undefined, 400, /model/],
    ['messages not an array', '{"model":"gpt-4o-mini","messages":"hi"}', undefined, 400, /messages/],
    ['max_tokens as a string', '{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"max_tokens":"10"}', undefined, 400, /max_tokens/],
    ['invalid UTF-8', Buffer.concat([Buffer.from('{"model":"gpt-4o-mini","messages":[{"role":"user","content":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}]}')]), undefined, 400, /UTF-8/],
    ['deep nesting', `{"model":"gpt-4o-mini","messages":${'['.repeat(20000)}${']'.repeat(20000)}}`, undefined, 400, /无效的请求|messages/],
    ['model with no channel', '{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}]}', undefined, 503, /无可用渠道/],
    ['gzip that does not decode', Buffer.from('{"model":"gpt-4o-mini"}'), { 'content-type': 'application/json', 'content-encoding': 'gzip' }, 400, /not valid gzip/],
    ['an encoding the relay does not decode', Buffer.from('{}'), { 'content-type': 'application/json', 'content-encoding': 'zstd' }, 400, /unsupported Content-Encoding: zstd/],
    ['a gzip bomb (20 KiB inflating past the 1 MB limit)', gzipSync(JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x'.repeat(20 * 1024 * 1024) }] })), { 'content-type': 'application/json', 'content-encoding': 'gzip' }, 413, /too large/],
  ])('%s', async (_name, body, headers, status, message) => {
    const before = await ledger(f.gw, f.root.userId);
    const r = await send(body, headers);
    expect(r.status).toBe(status);
    const json = (await r.json()) as { error: { message: string; type: string } };
    expect(json.error.message).toMatch(message);
    expect(json.error.message).toMatch(/request id: /);
    const after = await ledger(f.gw, f.root.userId);
    expect(after.quota).toBe(before.quota);
    expect(after.logs).toBe(before.logs);
  });

  it('refuses a body over MAX_REQUEST_BODY_MB with 413', async () => {
    const big = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x'.repeat(2 * 1024 * 1024) }] });
    const r = await send(big);
    expect(r.status).toBe(413);
    expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/too large/);
  });

  it.each([
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
  ] as const)('accepts a %s-compressed body and relays it inflated', async (encoding, compress) => {
    await f.mock.reset();
    const before = await ledger(f.gw, f.root.userId);
    const body = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: `compressed with ${encoding}` }] };
    const r = await send(compress(JSON.stringify(body)), { 'content-type': 'application/json', 'content-encoding': encoding });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { object: string }).object).toBe('chat.completion');
    const [seen] = await f.mock.requests();
    expect(seen?.body).toMatchObject(body);
    const after = await ledger(f.gw, f.root.userId, (v) => v.logs === before.logs + 1);
    expect(after.charged).toBeGreaterThan(before.charged); // billed like any other call
  });

  it('refuses keys that name no token, alone or a hundred at once, while a real key beside them is served', async () => {
    await f.mock.reset();
    const before = await ledger(f.gw, f.root.userId);
    const body = '{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}]}';
    const call = (k: string) =>
      fetch(`${f.gw.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' }, body });
    // random keys miss every cache and are looked up together; a real key with more after it (longer than a key
    // can be) or less of it is no token either
    const wrong = [...Array.from({ length: 100 }, (_, i) => `sk-${String(i).padStart(48, 'z')}`), `${key}x`, `${key}${'x'.repeat(3000)}`, key.slice(0, -1)];
    const answers = await Promise.all([...wrong, key].map(call));
    const real = answers.pop()!;
    expect(real.status).toBe(200);
    await real.text();
    for (const r of answers) {
      expect(r.status).toBe(401);
      expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/^无效的令牌/);
    }
    expect((await f.mock.requests()).length).toBe(1);
    const after = await ledger(f.gw, f.root.userId, (v) => v.logs === before.logs + 1);
    expect(after.logs).toBe(before.logs + 1);
  });

  it('never reaches the upstream for refused requests', async () => {
    await f.mock.reset();
    await send('{"model":');
    expect((await f.mock.requests()).length).toBe(0);
  });
});
