import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCodec } from '../../core/auth/session-cookie.js';
import { ConsoleClient, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { SEEDED_PASSWORD, seedUser } from '../support/seed-rows.js';
import { testDbKind } from '../support/test-database.js';

const LOGGED_OUT = { status: 401, body: { success: false, message: '无权进行此操作，未登录且未提供 access token' } };

/** A second holder of the same cookie: what an attacker who copied it would send. */
function copyOf(c: ConsoleClient, gw: TestGateway = c.gw): ConsoleClient {
  const copy = new ConsoleClient(gw);
  copy.cookie = c.cookie;
  copy.userId = c.userId;
  return copy;
}

async function self(c: ConsoleClient) {
  const r = await c.get('/api/user/self');
  return { status: r.status, body: r.status === 200 && r.body.success ? { success: true } : r.body };
}

const SIGNED_IN = { status: 200, body: { success: true } };

describe('console sessions', () => {
  let gw: TestGateway;
  let root: ConsoleClient;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupRoot(gw);
  });
  afterAll(() => gw?.stop());

  it('sets HttpOnly, SameSite=Lax and a 30-day Max-Age; Secure only when the request came over HTTPS', async () => {
    const login = (headers: Record<string, string> = {}) =>
      fetch(`${gw.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ username: 'root', password: 'rootpass123' }),
      }).then((r) => r.headers.get('set-cookie') ?? '');
    const plain = await login();
    expect(plain).toMatch(/^session=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    // the peer is loopback, a trusted proxy by default, so its X-Forwarded-Proto counts
    expect(await login({ 'x-forwarded-proto': 'https' })).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    const logout = await fetch(`${gw.url}/api/user/logout`, { headers: { cookie: plain.split(';')[0]!, 'x-forwarded-proto': 'https' } });
    expect(logout.headers.get('set-cookie')).toMatch(/^session=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('ends the session at logout: a copy of the cookie is refused, here and on the playground', async () => {
    const ann = await seedUser(gw, { username: 'ann' });
    const copy = copyOf(ann);
    expect(await self(copy)).toEqual(SIGNED_IN);
    const playground = () =>
      copy.call('POST', '/pg/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }).then((r) => r.status);
    expect(await playground()).not.toBe(401);
    expect((await ann.get('/api/user/logout')).body).toEqual({ success: true, message: '' });
    expect(await self(copy)).toEqual(LOGGED_OUT);
    expect(await playground()).toBe(401);
  });

  it('issues a fresh session id at every login, keeps only its digest in the database, and ends the one it replaces', async () => {
    const bob = await seedUser(gw, { username: 'bob' });
    const before = copyOf(bob);
    await bob.login('bob', SEEDED_PASSWORD);
    expect(bob.cookie).not.toBe(before.cookie);
    expect(await self(before)).toEqual(LOGGED_OUT);
    expect(await self(bob)).toEqual(SIGNED_IN);
    const sid = new SessionCodec('test-session-secret').read(bob.cookie).sid!;
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await gw.sql<{ id: string }[]>`SELECT id FROM sessions WHERE user_id = ${bob.userId}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toContain(sid);
  });

  it('refuses a signed cookie that names a user but has no live session (the old stateless kind, or a forged id)', async () => {
    const codec = new SessionCodec('test-session-secret');
    for (const data of [{ id: root.userId, username: 'root', role: 100, status: 1 }, { sid: 'A'.repeat(43), id: root.userId, username: 'root' }]) {
      const forged = new ConsoleClient(gw);
      forged.cookie = codec.write(data, { secure: false }).split(';')[0]!;
      forged.userId = root.userId;
      expect(await self(forged)).toEqual(LOGGED_OUT);
    }
  });

  it("refuses a session moved to another user's id", async () => {
    const cat = await seedUser(gw, { username: 'cat' });
    const codec = new SessionCodec('test-session-secret');
    const moved = new ConsoleClient(gw);
    moved.cookie = codec.write({ ...codec.read(cat.cookie), id: root.userId, username: 'root' }, { secure: false }).split(';')[0]!;
    moved.userId = root.userId;
    expect(await self(moved)).toEqual(LOGGED_OUT);
  });

  it('ends every session of a user who changes the password; the changer continues on a new cookie', async () => {
    const dan = await seedUser(gw, { username: 'dan' });
    const elsewhere = new ConsoleClient(gw);
    await elsewhere.login('dan', SEEDED_PASSWORD);
    const copy = copyOf(dan);
    expect((await dan.put('/api/user/self', { display_name: 'Dan', original_password: SEEDED_PASSWORD })).body.success).toBe(true);
    expect(await self(copy)).toEqual(SIGNED_IN); // no password change, nothing ends

    expect((await dan.put('/api/user/self', { password: 'dan-new-pass', original_password: SEEDED_PASSWORD })).body.success).toBe(true);
    expect(await self(copy)).toEqual(LOGGED_OUT);
    expect(await self(elsewhere)).toEqual(LOGGED_OUT);
    expect(dan.cookie).not.toBe(copy.cookie);
    expect(await self(dan)).toEqual(SIGNED_IN);
  });

  it('ends the sessions of a user changed by an admin: disable, delete, promote, demote, new password', async () => {
    for (const action of ['disable', 'delete', 'promote', 'demote', 'password'] as const) {
      const who = await seedUser(gw, { username: `u-${action}`, role: action === 'demote' ? 10 : 1 });
      const copy = copyOf(who);
      const r = action === 'password'
        ? await root.put('/api/user/', { id: who.userId, password: 'set-by-admin-1' })
        : await root.post('/api/user/manage', { id: who.userId, action });
      expect([action, r.body.success]).toEqual([action, true]);
      expect([action, await self(copy)]).toEqual([action, LOGGED_OUT]);
      expect(await gw.sql`SELECT 1 FROM sessions WHERE user_id = ${who.userId}`).toHaveLength(0);
    }
    // a change that is neither leaves the session alone
    const eve = await seedUser(gw, { username: 'eve' });
    expect((await root.put('/api/user/', { id: eve.userId, display_name: 'Eve' })).body.success).toBe(true);
    expect(await self(eve)).toEqual(SIGNED_IN);
  });

  it('drops the sessions with the user on a hard delete', async () => {
    const fay = await seedUser(gw, { username: 'fay' });
    expect((await root.del(`/api/user/${fay.userId}`)).body.success).toBe(true);
    expect(await gw.sql`SELECT 1 FROM sessions WHERE user_id = ${fay.userId}`).toHaveLength(0);
  });

  it('refuses an expired session and removes expired rows at the next login', async () => {
    const gil = await seedUser(gw, { username: 'gil' });
    await gw.sql`UPDATE sessions SET expires_at = ${now() - 1} WHERE user_id = ${gil.userId}`;
    expect(await self(gil)).toEqual(LOGGED_OUT);
    await new ConsoleClient(gw).login('gil', SEEDED_PASSWORD);
    expect(await gw.sql`SELECT 1 FROM sessions WHERE expires_at <= ${now()}`).toHaveLength(0);
  });

  it('keeps at most 50 live sessions per user, ending the oldest', async () => {
    const hal = await seedUser(gw, { username: 'hal' });
    const oldest = copyOf(hal);
    const filler = Array.from({ length: 60 }, (_, i) => ({ id: `filler-${i}`, user_id: hal.userId, created_at: now() - 100 + i, expires_at: now() + 3600 }));
    // the cookie's own row is the oldest of all
    await gw.sql`UPDATE sessions SET created_at = ${now() - 1000} WHERE user_id = ${hal.userId}`;
    await gw.sql`INSERT INTO sessions ${gw.sql(filler)}`;
    await new ConsoleClient(gw).login('hal', SEEDED_PASSWORD);
    expect((await gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${hal.userId}`)[0]!.n).toBe(50);
    expect(await self(oldest)).toEqual(LOGGED_OUT);
  });

  it('lets concurrent logins of one user all through, each with its own live session', async () => {
    await seedUser(gw, { username: 'kay' });
    const clients = Array.from({ length: 8 }, () => new ConsoleClient(gw));
    await Promise.all(clients.map((c) => c.login('kay', SEEDED_PASSWORD)));
    expect(new Set(clients.map((c) => c.cookie)).size).toBe(8);
    for (const c of clients) expect(await self(c)).toEqual(SIGNED_IN);
  });
});

describe.runIf(testDbKind() === 'postgres')('sessions across two nodes on one PostgreSQL', () => {
  let a: TestGateway;
  let b: TestGateway;

  beforeAll(async () => {
    a = await startGateway();
    b = await startGateway({}, { databaseUrl: a.databaseUrl! });
    await setupRoot(a);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('refuses on node B at once a session ended on node A', async () => {
    const root = new ConsoleClient(a);
    await root.login('root', 'rootpass123');
    const ivy = await seedUser(a, { username: 'ivy' });
    const onB = copyOf(ivy, b);
    expect(await self(onB)).toEqual(SIGNED_IN);
    expect((await ivy.get('/api/user/logout')).body.success).toBe(true);
    expect(await self(onB)).toEqual(LOGGED_OUT);

    const jo = await seedUser(a, { username: 'jo' });
    const joOnB = copyOf(jo, b);
    expect(await self(joOnB)).toEqual(SIGNED_IN);
    expect((await root.post('/api/user/manage', { id: jo.userId, action: 'disable' })).body.success).toBe(true);
    expect(await self(joOnB)).toEqual(LOGGED_OUT);
  });
});
