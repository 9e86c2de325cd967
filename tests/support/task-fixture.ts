import { eventually, setupRoot, type ConsoleClient } from './console-client.js';
import { startGateway, type TestGateway } from './gateway.js';
import { startMockTaskUpstream, type MockTaskUpstream } from './mock-task-upstream.js';
import { addChannel, addToken, type ChannelSpec, type RelayFixture } from './relay-fixture.js';
import { seedUser } from './seed-rows.js';

export const START_QUOTA = 1_000_000;
export const TOKEN_QUOTA = 500_000;

export interface TaskUser {
  client: ConsoleClient;
  id: number;
  key: string;
  tokenId: number;
}

export interface TaskFixture {
  gw: TestGateway;
  mock: MockTaskUpstream;
  root: ConsoleClient;
  alice: TaskUser;
  bob: TaskUser;
  addChannel(spec: ChannelSpec): Promise<number>;
  stop(): Promise<void>;
}

async function taskUser(gw: TestGateway, username: string): Promise<TaskUser> {
  const client = await seedUser(gw, { username, quota: START_QUOTA });
  const token = await addToken(client, { remain_quota: TOKEN_QUOTA });
  return { client, id: client.userId, key: token.key, tokenId: token.id };
}

/**
 * A gateway polling tasks every 0.2 s, a mock Midjourney/Suno upstream, and two users (alice, bob) with
 * START_QUOTA each and a token of TOKEN_QUOTA.
 */
export async function startTaskFixture(env: Record<string, string> = {}): Promise<TaskFixture> {
  const [gw, mock] = await Promise.all([startGateway({ TASK_POLL_INTERVAL_SECONDS: '0.2', ...env }), startMockTaskUpstream()]);
  const root = await setupRoot(gw);
  const [alice, bob] = [await taskUser(gw, 'alice'), await taskUser(gw, 'bob')];
  // addChannel reads only the root client and the upstream's URL from its fixture.
  const channels = { root, mock: { url: mock.url } } as unknown as RelayFixture;
  return {
    gw,
    mock,
    root,
    alice,
    bob,
    addChannel: (spec) => addChannel(channels, { key: 'upstream-key', ...spec }),
    async stop() {
      await Promise.all([gw.stop(), mock.stop()]);
    },
  };
}

export interface TaskAnswer {
  status: number;
  body: Record<string, unknown> & { code?: unknown; description?: unknown };
  raw: string;
}

/** A task-relay call with the token in `mj-api-secret` (as Midjourney clients send it) or Authorization. */
export async function taskCall(gw: TestGateway, method: 'GET' | 'POST', path: string, key: string, body?: unknown, via: 'mj' | 'bearer' = 'mj'): Promise<TaskAnswer> {
  const res = await fetch(`${gw.url}${path}`, {
    method,
    headers: { ...(via === 'mj' ? { 'mj-api-secret': key } : { authorization: `Bearer ${key}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const raw = await res.text();
  let parsed: TaskAnswer['body'] = {};
  try {
    parsed = JSON.parse(raw) as TaskAnswer['body'];
  } catch {
    // left empty: the caller looks at raw
  }
  return { status: res.status, body: parsed, raw };
}

export interface Balances {
  user: number;
  token: number;
}

/**
 * The user's and the token's balance once they settle at `want` (quota leased into the gateway's memory
 * on the embedded database is handed back after a moment of idleness, and counters land in batches).
 */
export async function balancesOf(gw: TestGateway, u: TaskUser, want: Balances): Promise<Balances> {
  return eventually(
    async () => {
      const [user] = await gw.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${u.id}`;
      const [token] = await gw.sql<{ remain_quota: number }[]>`SELECT remain_quota FROM tokens WHERE id = ${u.tokenId}`;
      return { user: user!.quota, token: token!.remain_quota };
    },
    (b) => b.user === want.user && b.token === want.token,
    15_000,
  );
}
