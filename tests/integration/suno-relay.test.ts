import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/console-client.js';
import { startGateway } from '../support/gateway.js';
import { balancesOf, START_QUOTA, startTaskFixture, taskCall, TOKEN_QUOTA, type TaskFixture, type TaskUser } from '../support/task-fixture.js';
import { testDbKind } from '../support/test-database.js';

const BOOT_TIMEOUT = 180_000;
const MUSIC = 50_000; // suno_music $0.1 × 500 000
const LYRICS = 5_000; // suno_lyrics $0.01

interface SunoTask {
  task_id: string;
  action: string;
  status: string;
  progress: string;
  fail_reason: string;
  data: unknown;
}

describe('Suno relay and task poller', () => {
  let f: TaskFixture;
  let alice: TaskUser;
  let bob: TaskUser;
  let channelId: number;
  let want: { user: number; token: number };

  const asked = () => f.mock.requests.filter((r) => r.path !== '/suno/fetch');
  const submit = (u: TaskUser, action: string, body: unknown) => taskCall(f.gw, 'POST', `/suno/submit/${action}`, u.key, body, 'bearer');
  const fetchOne = (u: TaskUser, id: string) => taskCall(f.gw, 'GET', `/suno/fetch/${id}`, u.key, undefined, 'bearer');
  const polled = (id: string, ok: (t: SunoTask) => boolean) =>
    eventually(async () => (await fetchOne(alice, id)).body.data as SunoTask, ok, 10_000);
  const refundLogs = async (id: string) =>
    Number((await f.gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM logs WHERE type = 4 AND content LIKE ${`异步任务执行失败 ${id}，补偿%`}`)[0]!.n);

  beforeAll(async () => {
    f = await startTaskFixture();
    ({ alice, bob } = f);
    channelId = await f.addChannel({ type: 36, key: 'suno-secret', models: 'suno_music,suno_lyrics' });
    want = { user: START_QUOTA, token: TOKEN_QUOTA };
  }, BOOT_TIMEOUT);
  afterAll(() => f?.stop());

  let done = '';

  it('charges an accepted song, forwards it with the channel key, and polls it to success with its clips', async () => {
    const r = await submit(alice, 'music', { prompt: 'a sea shanty', tags: 'folk' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 'success', message: '' });
    const id = String(r.body.data);
    const sent = asked().at(-1)!;
    expect(sent.path).toBe('/suno/submit/MUSIC');
    expect(sent.headers.authorization).toBe('Bearer suno-secret');
    expect(sent.body).toEqual({ prompt: 'a sea shanty', tags: 'folk', mv: 'chirp-v3-0' });
    want = { user: want.user - MUSIC, token: want.token - MUSIC };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    const [log] = await eventually(
      () => f.gw.sql<{ quota: number; content: string; model_name: string; channel_id: number }[]>`SELECT * FROM logs WHERE type = 2 AND user_id = ${alice.id}`,
      (rows) => rows.length === 1,
    );
    expect(log).toMatchObject({ quota: MUSIC, model_name: 'suno_music', channel_id: channelId, content: '模型固定价格 0.10，分组倍率 1.00，操作 MUSIC' });

    f.mock.setSunoTask(id, { status: 'IN_PROGRESS', start_time: Math.floor(Date.now() / 1000) });
    expect(await polled(id, (t) => t.status === 'IN_PROGRESS')).toMatchObject({ action: 'MUSIC', progress: '30%' });
    const clips = [{ id: 'clip-1', audio_url: `${f.mock.url}/audio/clip-1.mp3`, image_url: `${f.mock.url}/img/clip-1.png`, status: 'complete' }];
    f.mock.setSunoTask(id, { status: 'SUCCESS', finish_time: Math.floor(Date.now() / 1000), data: clips });
    expect(await polled(id, (t) => t.status === 'SUCCESS')).toMatchObject({ progress: '100%', data: clips });
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);

    const mine = await alice.client.get<Array<{ task_id: string; status: string; platform: string; action: string; quota: number; properties: unknown }>>('/api/task/self');
    expect(mine.body.data!.find((t) => t.task_id === id)).toMatchObject({ status: 'SUCCESS', platform: 'suno', action: 'MUSIC', quota: MUSIC, properties: { input: 'a sea shanty' } });
    done = id;
  });

  it('refunds a failed task to user and token exactly once', async () => {
    const r = await submit(alice, 'lyrics', { prompt: 'rain' });
    const id = String(r.body.data);
    want = { user: want.user - LYRICS, token: want.token - LYRICS };
    await balancesOf(f.gw, alice, want);
    f.mock.setSunoTask(id, { status: 'FAILURE', fail_reason: 'moderated' });
    expect(await polled(id, (t) => t.status === 'FAILURE')).toMatchObject({ progress: '100%', fail_reason: 'moderated' });
    want = { user: want.user + LYRICS, token: want.token + LYRICS };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    expect(await eventually(() => refundLogs(id), (n) => n === 1)).toBe(1);

    await f.gw.sql`UPDATE tasks SET status = 'IN_PROGRESS' WHERE task_id = ${id}`;
    await eventually(async () => (await fetchOne(alice, id)).body.data as SunoTask, (t) => t.status === 'FAILURE');
    await new Promise((res) => setTimeout(res, 600));
    expect(await refundLogs(id)).toBe(1);
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it('fails and refunds a task unfinished past TASK_TIMEOUT_MINUTES', async () => {
    const id = String((await submit(alice, 'music', { prompt: 'slow' })).body.data);
    f.mock.forget(id);
    const aged = await eventually(async () => {
      await f.gw.sql`UPDATE tasks SET submit_time = ${Math.floor(Date.now() / 1000) - 1441 * 60} WHERE task_id = ${id} AND status <> 'FAILURE'`;
      return (await fetchOne(alice, id)).body.data as SunoTask;
    }, (t) => t.status === 'FAILURE', 10_000);
    expect(aged).toMatchObject({ fail_reason: '任务超时（1440分钟）', progress: '100%' });
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it('charges nothing when the upstream answers garbage, an error or a refusal', async () => {
    const before = asked().length;
    f.mock.answerNextSubmit({ raw: 'not json at all' });
    expect(await submit(alice, 'music', { prompt: 'x' })).toMatchObject({ status: 500, body: { code: 'unmarshal_response_body_failed', data: null } });
    f.mock.answerNextSubmit({ json: { code: 'success', message: '', data: { nested: 'no id' } } });
    expect(await submit(alice, 'music', { prompt: 'x' })).toMatchObject({ status: 500, body: { code: 'unmarshal_response_body_failed' } });
    f.mock.answerNextSubmit({ json: { code: 'quota_exhausted', message: 'upstream account is empty', data: null } });
    expect(await submit(alice, 'music', { prompt: 'x' })).toMatchObject({ status: 500, body: { code: 'quota_exhausted', message: 'upstream account is empty' } });
    f.mock.answerNextSubmit({ status: 400, raw: 'bad prompt' });
    expect(await submit(alice, 'music', { prompt: 'x' })).toMatchObject({ status: 400, body: { code: 'fail_to_fetch_task', message: 'bad prompt' } });
    expect(asked().length - before).toBe(4);
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    expect((await f.gw.sql`SELECT 1 FROM tasks WHERE user_id = ${alice.id}`).length).toBe(3);
  });

  it('never shows another user’s task, and answers it like a missing one', async () => {
    const missing = { status: 400, body: { code: 'task_not_exist', message: 'task_not_exist', data: null } };
    expect(await fetchOne(bob, done)).toMatchObject(missing);
    expect(await fetchOne(bob, 'no-such-task')).toMatchObject(missing);
    expect((await taskCall(f.gw, 'POST', '/suno/fetch', bob.key, { ids: [done] }, 'bearer')).body).toEqual({ code: 'success', message: '', data: [] });
    expect((await taskCall(f.gw, 'POST', '/suno/fetch', alice.key, { ids: [done, 'nope'] }, 'bearer')).body).toMatchObject({ data: [{ task_id: done, status: 'SUCCESS' }] });
    expect(await submit(bob, 'music', { prompt: 'p', continue_clip_id: 'c', task_id: done })).toMatchObject({ status: 400, body: { code: 'task_not_exist' } });
    expect(await balancesOf(f.gw, bob, { user: START_QUOTA, token: TOKEN_QUOTA })).toEqual({ user: START_QUOTA, token: TOKEN_QUOTA });
  });

  it('refuses bad requests before any cost', async () => {
    const before = asked().length;
    expect(await submit(alice, 'video', { prompt: 'x' })).toMatchObject({ status: 400, body: { code: 'invalid_request', message: 'invalid_action', data: null } });
    expect(await submit(alice, 'lyrics', {})).toMatchObject({ status: 400, body: { code: 'invalid_request', message: 'prompt_empty' } });
    expect(await submit(alice, 'music', '[1,2]')).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await submit(alice, 'music', { prompt: 7 })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await taskCall(f.gw, 'POST', '/suno/fetch', alice.key, { ids: 'x' }, 'bearer')).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect((await taskCall(f.gw, 'GET', `/suno/fetch/${done}`, 'sk-wrong', undefined, 'bearer')).status).toBe(401);
    expect(asked().length).toBe(before);
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it.runIf(testDbKind() === 'postgres')('polls on one node of two, which refunds a failure once', async () => {
    const second = await startGateway({ TASK_POLL_INTERVAL_SECONDS: '0.2' }, { databaseUrl: f.gw.databaseUrl! });
    try {
      await new Promise((res) => setTimeout(res, 600)); // both nodes have tried to lead by now
      const holders = await f.gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 7463007 AND granted`;
      expect(holders[0]!.n).toBe(1);
      const id = String((await submit(alice, 'music', { prompt: 'two nodes' })).body.data);
      f.mock.setSunoTask(id, { status: 'FAILURE', fail_reason: 'nope' });
      await polled(id, (t) => t.status === 'FAILURE');
      // the refund's log comes with the next batched write; then no second node refunds it again
      await eventually(() => refundLogs(id), (n) => n >= 1);
      await new Promise((res) => setTimeout(res, 600));
      expect(await refundLogs(id)).toBe(1);
      expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    } finally {
      await second.stop();
    }
  }, BOOT_TIMEOUT);
});
