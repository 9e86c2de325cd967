import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { seedUser } from '../support/seed-rows.js';

// Starting a gateway (PGlite, migrations) can take most of a minute on a loaded machine.
const BOOT_TIMEOUT = 180_000;

// Drawing and task logs (spec console-api.md §9): zero-based p, fixed pages of 10, plain arrays, ms
// timestamps for drawings and s for tasks, the image_url rewrite, and no way to reach another user's rows.

const BASE_MS = 1_700_000_000_000;
const BASE_S = 1_700_000_000;

interface Drawing {
  id: number;
  mj_id: string;
  image_url: string;
  channel_id: number;
  user_id: number;
  [k: string]: unknown;
}
interface Task {
  id: number;
  task_id: string;
  channel_id: number;
  user_id: number;
  properties: unknown;
  data: unknown;
  [k: string]: unknown;
}

describe('drawing and task logs', () => {
  let gw: TestGateway;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let alice: ConsoleClient;
  let bob: ConsoleClient;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupRoot(gw);
    admin = await seedUser(gw, { username: 'admin', role: 10 });
    alice = await seedUser(gw, { username: 'alice' });
    bob = await seedUser(gw, { username: 'bob' });
    const drawings = [
      ...Array.from({ length: 12 }, (_, k) => ({ user: alice.userId, mj_id: `a-${k + 1}`, channel_id: (k + 1) % 2 ? 3 : 4, submit_time: BASE_MS + (k + 1) * 1000 })),
      ...[1, 2].map((n) => ({ user: bob.userId, mj_id: `b-${n}`, channel_id: 3, submit_time: BASE_MS + n * 1000 })),
    ];
    for (const d of drawings) {
      await gw.sql`
        INSERT INTO midjourneys (user_id, action, mj_id, prompt, submit_time, image_url, status, progress, channel_id, code)
        VALUES (${d.user}, 'IMAGINE', ${d.mj_id}, ${`prompt ${d.mj_id}`}, ${d.submit_time}, ${`https://cdn.example/${d.mj_id}.png`}, 'SUCCESS', '100%', ${d.channel_id}, 1)`;
    }
    const tasks = [
      ...Array.from({ length: 12 }, (_, k) => ({ user: alice.userId, n: k + 1, who: 'a', channel_id: 5 })),
      ...[1, 2].map((n) => ({ user: bob.userId, n, who: 'b', channel_id: 6 })),
    ];
    for (const t of tasks) {
      await gw.sql`
        INSERT INTO tasks (user_id, task_id, platform, action, status, submit_time, channel_id, progress, properties, data, created_at)
        VALUES (${t.user}, ${`t-${t.who}-${t.n}`}, ${t.n <= 6 ? 'suno' : 'mj'}, ${t.n % 2 ? 'MUSIC' : 'LYRICS'},
                ${t.n % 2 ? 'FAILURE' : 'SUCCESS'}, ${BASE_S + t.n * 10}, ${t.channel_id}, '100%',
                ${JSON.stringify({ input: `song ${t.n}` })}, ${t.n % 2 ? '' : JSON.stringify({ clip: t.n })}, ${BASE_S})`;
    }
  }, BOOT_TIMEOUT);
  afterAll(() => gw?.stop());

  describe('drawings', () => {
    const ids = async (client: ConsoleClient, path: string) => {
      const r = await client.get<Drawing[]>(path);
      expect(r.body.success).toBe(true);
      return r.body.data!.map((d) => d.mj_id);
    };

    it('self list: the caller’s rows, 10 per zero-based page, newest first, as a plain array', async () => {
      const first = Array.from({ length: 10 }, (_, k) => `a-${12 - k}`);
      expect(await ids(alice, '/api/mj/self?p=0')).toEqual(first);
      expect(await ids(alice, '/api/mj/self/?p=1')).toEqual(['a-2', 'a-1']);
      expect(await ids(alice, '/api/mj/self?p=-3')).toEqual(first);
      expect(await ids(alice, '/api/mj/self')).toEqual(first);
      expect(await ids(bob, '/api/mj/self')).toEqual(['b-2', 'b-1']);
    });

    it('self list filters by mj_id and a millisecond range on submit_time, never reaching other users', async () => {
      expect(await ids(alice, '/api/mj/self?mj_id=a-5')).toEqual(['a-5']);
      expect(await ids(alice, '/api/mj/self?mj_id=b-1')).toEqual([]);
      expect(await ids(alice, `/api/mj/self?start_timestamp=${BASE_MS + 3000}&end_timestamp=${BASE_MS + 5000}`)).toEqual(['a-5', 'a-4', 'a-3']);
      // seconds against millisecond columns match nothing
      expect(await ids(alice, `/api/mj/self?end_timestamp=${BASE_S + 100}`)).toEqual([]);
      // the channel filter is admin-only: ignored here
      expect(await ids(alice, '/api/mj/self?channel_id=4&p=1')).toEqual(['a-2', 'a-1']);
      expect(await ids(bob, '/api/mj/self?user_id=' + alice.userId)).toEqual(['b-2', 'b-1']);
    });

    it('admin list: every user, with channel and mj_id filters', async () => {
      const all = await admin.get<Drawing[]>('/api/mj/');
      expect(all.body.data!.map((d) => d.mj_id)).toEqual(['b-2', 'b-1', ...Array.from({ length: 8 }, (_, k) => `a-${12 - k}`)]);
      expect(await ids(admin, '/api/mj/?channel_id=4')).toEqual(['a-12', 'a-10', 'a-8', 'a-6', 'a-4', 'a-2']);
      expect(await ids(admin, '/api/mj/?mj_id=b-2')).toEqual(['b-2']);
      expect(await ids(admin, `/api/mj/?channel_id=3&start_timestamp=${BASE_MS + 2000}&end_timestamp=${BASE_MS + 3000}`)).toEqual(['b-2', 'a-3']);
    });

    it('rewrites image_url to the server’s /mj/image/<mj_id> while MjForwardUrlEnabled, and keeps it otherwise', async () => {
      const row = (await alice.get<Drawing[]>('/api/mj/self?mj_id=a-7')).body.data![0]!;
      expect(row).toMatchObject({ mj_id: 'a-7', image_url: 'http://localhost:3000/mj/image/a-7', channel_id: 3, user_id: alice.userId, action: 'IMAGINE', progress: '100%', code: 1 });
      expect((await root.put('/api/option/', { key: 'ServerAddress', value: 'https://gw.example' })).body.success).toBe(true);
      expect((await admin.get<Drawing[]>('/api/mj/?mj_id=a-7')).body.data![0]!.image_url).toBe('https://gw.example/mj/image/a-7');
      expect((await root.put('/api/option/', { key: 'MjForwardUrlEnabled', value: 'false' })).body.success).toBe(true);
      expect((await alice.get<Drawing[]>('/api/mj/self?mj_id=a-7')).body.data![0]!.image_url).toBe('https://cdn.example/a-7.png');
    });
  });

  describe('tasks', () => {
    const ids = async (client: ConsoleClient, path: string) => {
      const r = await client.get<Task[]>(path);
      expect(r.body.success).toBe(true);
      return r.body.data!.map((t) => t.task_id);
    };

    it('self list: the caller’s rows, 10 per zero-based page, channel_id hidden, JSON fields decoded', async () => {
      const r = await alice.get<Task[]>('/api/task/self?p=0');
      expect(r.body.data!.map((t) => t.task_id)).toEqual(Array.from({ length: 10 }, (_, k) => `t-a-${12 - k}`));
      expect(r.body.data!.every((t) => t.channel_id === 0 && t.user_id === alice.userId)).toBe(true);
      expect(r.body.data![0]).toMatchObject({ platform: 'mj', action: 'LYRICS', status: 'SUCCESS', submit_time: BASE_S + 120, properties: { input: 'song 12' }, data: { clip: 12 } });
      expect(r.body.data![1]!.data).toBeNull();
      expect(await ids(alice, '/api/task/self?p=1')).toEqual(['t-a-2', 't-a-1']);
      expect(await ids(bob, '/api/task/self')).toEqual(['t-b-2', 't-b-1']);
    });

    it('self list filters by task_id, platform, status, action and a seconds range, never reaching other users', async () => {
      expect(await ids(alice, '/api/task/self?task_id=t-a-3')).toEqual(['t-a-3']);
      expect(await ids(alice, '/api/task/self?task_id=t-b-1')).toEqual([]);
      expect(await ids(alice, '/api/task/self?platform=suno&status=SUCCESS')).toEqual(['t-a-6', 't-a-4', 't-a-2']);
      expect(await ids(alice, '/api/task/self?action=MUSIC&platform=mj')).toEqual(['t-a-11', 't-a-9', 't-a-7']);
      expect(await ids(alice, `/api/task/self?start_timestamp=${BASE_S + 30}&end_timestamp=${BASE_S + 50}`)).toEqual(['t-a-5', 't-a-4', 't-a-3']);
      expect(await ids(bob, `/api/task/self?channel_id=5&user_id=${alice.userId}`)).toEqual(['t-b-2', 't-b-1']);
    });

    it('admin list: every user with channel ids, and the channel filter the console offers', async () => {
      const all = await admin.get<Task[]>('/api/task/');
      expect(all.body.data!.map((t) => t.task_id)).toEqual(['t-b-2', 't-b-1', ...Array.from({ length: 8 }, (_, k) => `t-a-${12 - k}`)]);
      expect(all.body.data![0]!.channel_id).toBe(6);
      expect(await ids(admin, '/api/task/?channel_id=6')).toEqual(['t-b-2', 't-b-1']);
      expect(await ids(admin, '/api/task/?task_id=t-a-1')).toEqual(['t-a-1']);
    });

    it('refuses the admin lists to a common user', async () => {
      for (const path of ['/api/task/', '/api/mj/']) {
        expect((await alice.get(path)).body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
      }
    });
  });
});
