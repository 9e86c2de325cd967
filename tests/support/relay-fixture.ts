import { expect } from 'vitest';
import { ConsoleClient, eventually, setupRoot } from './console-client.js';
import { startGateway, type TestGateway } from './gateway.js';
import { startMockUpstreamProcess, type MockUpstreamProcess } from './mock-upstream-process.js';

export interface RelayFixture {
  gw: TestGateway;
  mock: MockUpstreamProcess;
  root: ConsoleClient;
  stop(): Promise<void>;
}

/** A gateway with setup done, a logged-in root and a mock upstream process. */
export async function startRelayFixture(env: Record<string, string> = {}, opts: Parameters<typeof startGateway>[1] = {}): Promise<RelayFixture> {
  const [gw, mock] = await Promise.all([startGateway(env, opts), startMockUpstreamProcess()]);
  const root = await setupRoot(gw);
  return {
    gw,
    mock,
    root,
    async stop() {
      await Promise.all([gw.stop(), mock.stop()]);
    },
  };
}

export interface ChannelSpec {
  name?: string;
  key?: string;
  models?: string;
  group?: string;
  priority?: number;
  weight?: number;
  type?: number;
  base_url?: string;
  model_mapping?: string;
}

/** Creates a channel pointing at the mock and returns its id. */
export async function addChannel(f: RelayFixture, spec: ChannelSpec = {}): Promise<number> {
  const name = spec.name ?? `ch-${Math.random().toString(36).slice(2, 8)}`;
  const r = await f.root.post('/api/channel/', {
    type: 1,
    key: 'mock-ok',
    models: 'gpt-4o-mini',
    group: 'default',
    base_url: f.mock.url,
    ...spec,
    name,
  });
  if (!r.body.success) throw new Error(`channel create failed: ${r.body.message}`);
  const list = await f.root.get<Array<{ id: number; name: string }>>(`/api/channel/search?keyword=${encodeURIComponent(name)}`);
  return list.body.data!.find((c) => c.name === name)!.id;
}

/** Creates a token for the client and returns its full key (with sk-) and id. */
export async function addToken(client: ConsoleClient, spec: Record<string, unknown> = {}): Promise<{ key: string; id: number }> {
  const name = (spec.name as string) ?? `t-${Math.random().toString(36).slice(2, 8)}`;
  const r = await client.post('/api/token/', { name, remain_quota: 500000, unlimited_quota: false, expired_time: -1, ...spec });
  if (!r.body.success) throw new Error(`token create failed: ${r.body.message}`);
  const list = await client.get<Array<{ id: number; key: string; name: string }>>(`/api/token/search?keyword=${encodeURIComponent(name)}`);
  const t = list.body.data!.find((x) => x.name === name)!;
  return { key: `sk-${t.key}`, id: t.id };
}

/** Prices `models` at ModelRatio 1 and CompletionRatio 2: the mocks' usage of 10 in and 20 out then costs 50 quota. */
export async function priceModels(root: ConsoleClient, models: readonly string[]): Promise<void> {
  for (const [key, ratio] of [['ModelRatio', 1], ['CompletionRatio', 2]] as const) {
    const r = await root.put('/api/option/', { key, value: JSON.stringify(Object.fromEntries(models.map((m) => [m, ratio]))) });
    if (!r.body.success) throw new Error(`${key}: ${r.body.message}`);
  }
}

export interface Ledger {
  quota: number;
  used: number;
  requests: number;
  charged: number;
  logs: number;
}

/** A user's balance and counters beside the sum and count of their consume logs, once `settle` accepts them. */
export async function ledger(gw: TestGateway, userId: number, settle: (v: Ledger) => boolean = () => true, timeoutMs?: number): Promise<Ledger> {
  return eventually(
    async (): Promise<Ledger> => {
      const [u] = await gw.sql<{ quota: number; used_quota: number; request_count: number }[]>`SELECT quota, used_quota, request_count FROM users WHERE id = ${userId}`;
      const [l] = await gw.sql<{ charged: number; n: number }[]>`SELECT COALESCE(SUM(quota),0)::bigint AS charged, count(*)::bigint AS n FROM logs WHERE user_id = ${userId} AND type = 2`;
      return { quota: u!.quota, used: u!.used_quota, requests: u!.request_count, charged: Number(l!.charged), logs: Number(l!.n) };
    },
    settle,
    timeoutMs,
  );
}

/**
 * A user's balance, the sum and count of their consume logs, and the lease slices out (anyone's), in one statement
 * so one snapshot: read apart, a slice handed back between two reads showed the balance without it and no lease out.
 */
export async function userBooks(sql: TestGateway['sql'], userId: number): Promise<{ quota: number; logged: number; logs: number; leased: number }> {
  const [b] = await sql<{ quota: number; logged: number; logs: number; leased: number }[]>`
    SELECT (SELECT quota FROM users WHERE id = ${userId}) AS quota,
           (SELECT COALESCE(sum(quota), 0)::bigint FROM logs WHERE user_id = ${userId} AND type = 2) AS logged,
           (SELECT count(*)::int FROM logs WHERE user_id = ${userId} AND type = 2) AS logs,
           (SELECT count(*)::int FROM quota_leases WHERE amount <> 0) AS leased`;
  return { quota: Number(b!.quota), logged: Number(b!.logged), logs: b!.logs, leased: b!.leased };
}

/**
 * A token's remaining and used quota once `settle` accepts them: its idle lease slices are handed back one flush
 * tick after the user's, or in the next statement of the same tick, so a balance read right after the user's
 * ledger settled can still miss what a slice held.
 */
export async function tokenQuota(
  gw: TestGateway,
  tokenId: number,
  settle: (t: { remain_quota: number; used_quota: number }) => boolean,
): Promise<{ remain_quota: number; used_quota: number }> {
  return eventually(
    async () => (await gw.sql<{ remain_quota: number; used_quota: number }[]>`SELECT remain_quota, used_quota FROM tokens WHERE id = ${tokenId}`)[0]!,
    settle,
  );
}

/**
 * A user's consume log read in order: `charged(quota, model)` waits for the next type-2 row and checks its model
 * and quota (`exact`: and that no other row came with it); `expected` holds every quota checked so far.
 */
export function consumeLogBook(gw: () => TestGateway, userId: () => number, opts: { exact?: boolean } = {}) {
  const expected: number[] = [];
  const charged = async (quota: number, model: string): Promise<void> => {
    expected.push(quota);
    const rows = await eventually(
      () => gw().sql<{ model_name: string; quota: number }[]>`SELECT model_name, quota FROM logs WHERE user_id = ${userId()} AND type = 2 ORDER BY id`,
      (r) => r.length >= expected.length,
    );
    if (opts.exact) expect(rows).toHaveLength(expected.length);
    expect(rows[expected.length - 1]).toMatchObject({ model_name: model, quota });
  };
  return { expected, charged };
}

/** An OpenAI chat stream read to its end: its text, and the completion tokens of its usage chunk (0 without one). */
export async function readChatStream(
  stream: AsyncIterable<{ choices: Array<{ delta?: { content?: string | null } }>; usage?: { completion_tokens?: number } | null }>,
): Promise<{ text: string; completion: number }> {
  let text = '';
  let completion = 0;
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta?.content ?? '';
    completion = chunk.usage?.completion_tokens ?? completion;
  }
  return { text, completion };
}
