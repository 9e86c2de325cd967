import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/console-client.js';
import { FAKE_PNG } from '../support/mock-task-upstream.js';
import { balancesOf, START_QUOTA, startTaskFixture, taskCall, TOKEN_QUOTA, type TaskFixture, type TaskUser } from '../support/task-fixture.js';

// Starting a gateway (PGlite, migrations) can take most of a minute on a loaded machine.
const BOOT_TIMEOUT = 180_000;
const IMAGINE = 50_000; // mj_imagine $0.1 × 500 000
const UPSCALE = 25_000; // mj_upscale $0.05

interface MjTask {
  id: string;
  status: string;
  progress: string;
  imageUrl: string;
  failReason: string;
  prompt: string;
}

describe('Midjourney-Proxy relay and task poller', () => {
  let f: TaskFixture;
  let alice: TaskUser;
  let bob: TaskUser;
  let channelId: number;
  /** alice's balances as the tests move them */
  let want: { user: number; token: number };

  // the poller's own list-by-condition calls are not what a test looks at
  const asked = () => f.mock.requests.filter((r) => r.path !== '/mj/task/list-by-condition');
  const submit = (u: TaskUser, path: string, body: Record<string, unknown>) => taskCall(f.gw, 'POST', path, u.key, body);
  const fetchTask = (u: TaskUser, id: string) => taskCall(f.gw, 'GET', `/mj/task/${id}/fetch`, u.key);
  const polled = (u: TaskUser, id: string, ok: (t: MjTask) => boolean) =>
    eventually(async () => (await fetchTask(u, id)).body as unknown as MjTask, ok, 10_000);
  const row = async (mjId: string) =>
    (await f.gw.sql<{ id: number; status: string; quota: number; fail_reason: string; channel_id: number }[]>`SELECT * FROM midjourneys WHERE mj_id = ${mjId}`)[0];
  const refundLogs = async (mjId: string) =>
    Number((await f.gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM logs WHERE type = 4 AND content LIKE ${`构图失败 ${mjId}，补偿%`}`)[0]!.n);

  beforeAll(async () => {
    f = await startTaskFixture();
    ({ alice, bob } = f);
    channelId = await f.addChannel({ type: 2, key: 'mj-secret', models: 'mj_imagine,mj_upscale,mj_variation,mj_describe' });
    want = { user: START_QUOTA, token: TOKEN_QUOTA };
  }, BOOT_TIMEOUT);
  afterAll(() => f?.stop());

  let done = ''; // alice's finished imagine, used by later tests

  it('charges an accepted imagine once, forwards it as Midjourney-Proxy expects, and polls it to success', async () => {
    const r = await submit(alice, '/mj/submit/imagine', { prompt: 'a red fox --fast', notifyHook: 'https://evil.example/hook', accountFilter: { instanceId: 'x' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 1, description: '提交成功' });
    const id = String(r.body.result);
    const sent = asked().at(-1)!;
    expect(sent.path).toBe('/mj/submit/imagine');
    expect(sent.headers['mj-api-secret']).toBe('mj-secret');
    // MjNotifyEnabled and MjAccountFilterEnabled are off by default, MjModeClearEnabled too
    expect(sent.body).toEqual({ prompt: 'a red fox --fast' });

    want = { user: want.user - IMAGINE, token: want.token - IMAGINE };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    const [log] = await eventually(
      () => f.gw.sql<{ quota: number; content: string; model_name: string; channel_id: number; other: string }[]>`SELECT * FROM logs WHERE type = 2 AND user_id = ${alice.id}`,
      (rows) => rows.length === 1,
    );
    expect(log).toMatchObject({ quota: IMAGINE, model_name: 'mj_imagine', channel_id: channelId, content: `模型固定价格 0.10，分组倍率 1.00，操作 IMAGINE，ID ${id}` });
    expect(JSON.parse(log!.other)).toEqual({ group_ratio: 1, model_price: 0.1 });
    expect(await row(id)).toMatchObject({ quota: IMAGINE, channel_id: channelId });

    f.mock.setMjTask(id, { status: 'IN_PROGRESS', progress: '45%' });
    expect(await polled(alice, id, (t) => t.progress === '45%')).toMatchObject({ status: 'IN_PROGRESS', prompt: 'a red fox --fast' });

    f.mock.setMjTask(id, { status: 'SUCCESS', progress: '100%', imageUrl: `${f.mock.url}/img/${id}.png`, finishTime: Date.now() });
    const finished = await polled(alice, id, (t) => t.status === 'SUCCESS');
    expect(finished.imageUrl).toMatch(new RegExp(`^http://localhost:3000/mj/image/${id}\\?sig=[0-9a-f]{16}$`));
    // success keeps the charge
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    const mine = await alice.client.get<Array<{ mj_id: string; status: string; quota: number }>>('/api/mj/self/');
    expect(mine.body.data!.find((d) => d.mj_id === id)).toMatchObject({ status: 'SUCCESS', quota: IMAGINE });
    done = id;
  });

  it('proxies the image to a signed link or its owner’s session, and answers 404 to anyone else', async () => {
    const signed = ((await fetchTask(alice, done)).body as unknown as MjTask).imageUrl.replace('http://localhost:3000', f.gw.url);
    const image = await fetch(signed);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(FAKE_PNG);

    const owner = await fetch(`${f.gw.url}/mj/image/${done}`, { headers: { cookie: alice.client.cookie } });
    expect(owner.status).toBe(200);
    for (const [url, headers] of [
      [`${f.gw.url}/mj/image/${done}`, {}],
      [`${f.gw.url}/mj/image/${done}?sig=0123456789abcdef`, {}],
      [`${f.gw.url}/mj/image/${done}`, { cookie: bob.client.cookie }],
      [`${f.gw.url}/mj/image/1234567890123`, { cookie: alice.client.cookie }],
    ] as const) {
      const r = await fetch(url, { headers });
      expect(r.status, url).toBe(404);
      expect(await r.json()).toEqual({ error: 'midjourney_task_not_found' });
    }
  });

  it('refunds a task that fails, to user and token, exactly once however often it is failed', async () => {
    const r = await submit(alice, '/mj/submit/imagine', { prompt: 'forbidden' });
    const id = String(r.body.result);
    want = { user: want.user - IMAGINE, token: want.token - IMAGINE };
    await balancesOf(f.gw, alice, want);

    f.mock.setMjTask(id, { status: 'FAILURE', progress: '0%', failReason: 'banned prompt' });
    expect(await polled(alice, id, (t) => t.status === 'FAILURE')).toMatchObject({ progress: '100%', failReason: 'banned prompt' });
    want = { user: want.user + IMAGINE, token: want.token + IMAGINE };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    expect(await eventually(() => refundLogs(id), (n) => n === 1)).toBe(1);

    // As if a second poller had read the task before the first failed it: it is failed again, not refunded again.
    const { id: rowId } = (await row(id))!;
    await f.gw.sql`UPDATE midjourneys SET status = 'IN_PROGRESS', progress = '10%' WHERE id = ${rowId}`;
    await eventually(async () => (await row(id))!.status, (s) => s === 'FAILURE');
    await new Promise((res) => setTimeout(res, 600));
    expect(await refundLogs(id)).toBe(1);
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it('fails and refunds a task unfinished past TASK_TIMEOUT_MINUTES', async () => {
    const r = await submit(alice, '/mj/submit/imagine', { prompt: 'slow' });
    const id = String(r.body.result);
    want = { user: want.user - IMAGINE, token: want.token - IMAGINE };
    await balancesOf(f.gw, alice, want);
    f.mock.forget(id); // the upstream stops reporting it
    // (again until it fails: a poll already under way may still write the upstream's submit time)
    const aged = await eventually(async () => {
      await f.gw.sql`UPDATE midjourneys SET submit_time = ${Date.now() - 1441 * 60_000} WHERE mj_id = ${id} AND status <> 'FAILURE'`;
      return (await row(id))!;
    }, (t) => t.status === 'FAILURE', 10_000);
    expect(aged).toMatchObject({ fail_reason: '任务超时（1440分钟）' });
    expect((await fetchTask(alice, id)).body).toMatchObject({ status: 'FAILURE', progress: '100%' });
    want = { user: want.user + IMAGINE, token: want.token + IMAGINE };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it('charges nothing for a garbage answer, an empty one or a refused one', async () => {
    const before = asked().length;
    f.mock.answerNextSubmit({ raw: '<html>bad gateway</html>' });
    expect(await submit(alice, '/mj/submit/imagine', { prompt: 'x' })).toMatchObject({ status: 400, body: { description: 'unmarshal_response_body_failed ', type: 'upstream_error', code: 5 } });
    f.mock.answerNextSubmit({ raw: '' });
    expect(await submit(alice, '/mj/submit/imagine', { prompt: 'x' })).toMatchObject({ status: 400, body: { description: 'empty_response_body ', code: 5 } });
    f.mock.answerNextSubmit({ json: { code: 24, description: '可能包含敏感词', properties: { bannedWord: 'x' } } });
    const refused = await submit(alice, '/mj/submit/imagine', { prompt: 'x' });
    expect(refused).toMatchObject({ status: 200, body: { code: 24, description: '可能包含敏感词' } });
    expect(asked().length - before).toBe(3);
    const [failed] = await f.gw.sql<{ status: string; quota: number; fail_reason: string }[]>`SELECT * FROM midjourneys WHERE user_id = ${alice.id} AND code = 24`;
    expect(failed).toMatchObject({ status: 'FAILURE', quota: 0, fail_reason: '可能包含敏感词' });
    await new Promise((res) => setTimeout(res, 600)); // a poll round: nothing to refund either
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it('reports queued (22) and existing (21) tasks as submitted, and charges them', async () => {
    f.mock.answerNextSubmit({ json: { code: 22, description: '排队中，前面还有1个任务', result: 'q-1', properties: { numberOfQueues: 1 } } });
    expect((await submit(alice, '/mj/submit/imagine', { prompt: 'queued' })).body).toMatchObject({ code: 1, result: 'q-1', properties: { numberOfQueues: 1 } });
    want = { user: want.user - IMAGINE, token: want.token - IMAGINE };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    expect(await row('q-1')).toMatchObject({ code: 22, quota: IMAGINE });

    f.mock.answerNextSubmit({ json: { code: 21, description: '任务已存在', result: 'e-1', properties: { status: 'SUCCESS', imageUrl: `${f.mock.url}/img/e-1.png` } } });
    expect((await submit(alice, '/mj/submit/imagine', { prompt: 'again' })).body).toMatchObject({ code: 1, result: 'e-1' });
    want = { user: want.user - IMAGINE, token: want.token - IMAGINE };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    expect(await row('e-1')).toMatchObject({ code: 1, status: 'SUCCESS', progress: '100%', quota: IMAGINE });
  });

  it('runs a change on the channel of the caller’s own finished task, at the action’s price', async () => {
    const r = await submit(alice, '/mj/submit/change', { taskId: done, action: 'UPSCALE', index: 1 });
    expect(r.body).toMatchObject({ code: 1 });
    expect(asked().at(-1)!.path).toBe('/mj/submit/change');
    want = { user: want.user - UPSCALE, token: want.token - UPSCALE };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    expect(await row(String(r.body.result))).toMatchObject({ channel_id: channelId, quota: UPSCALE });
    expect((await fetchTask(alice, String(r.body.result))).body).toMatchObject({ action: 'UPSCALE', prompt: 'a red fox --fast' });
  });

  it('accepts the /:mode/mj prefixes and forwards without them', async () => {
    for (const mode of ['fast', 'relax', 'turbo', 'mj-fast']) {
      const r = await submit(alice, `/${mode}/mj/submit/imagine`, { prompt: `mode ${mode}` });
      expect(r.body, mode).toMatchObject({ code: 1 });
      expect(asked().at(-1)!.path).toBe('/mj/submit/imagine');
      want = { user: want.user - IMAGINE, token: want.token - IMAGINE };
      expect((await taskCall(f.gw, 'GET', `/${mode}/mj/task/${String(r.body.result)}/fetch`, alice.key)).body).toMatchObject({ status: expect.any(String) });
    }
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it('never shows, changes or seeds another user’s task, and never asks the upstream for it', async () => {
    const before = asked().length;
    const notFound = { status: 400, body: { description: 'task_no_found ', type: 'upstream_error', code: 4 } };
    expect(await fetchTask(bob, done)).toMatchObject(notFound);
    expect(await fetchTask(bob, '9999999999')).toMatchObject(notFound);
    expect(await taskCall(f.gw, 'GET', `/mj/task/${done}/image-seed`, bob.key)).toMatchObject(notFound);
    expect((await taskCall(f.gw, 'POST', '/mj/task/list-by-condition', bob.key, { ids: [done] })).body).toEqual([]);
    expect(await submit(bob, '/mj/submit/change', { taskId: done, action: 'UPSCALE', index: 1 })).toMatchObject({ status: 400, body: { description: 'task_not_found ', code: 4 } });
    expect(await taskCall(f.gw, 'POST', '/mj/notify', bob.key, { id: done, progress: '1%', status: 'FAILURE' })).toMatchObject({ status: 400, body: { description: 'midjourney_task_not_found ', code: 4 } });
    expect(asked().length).toBe(before);
    expect(await balancesOf(f.gw, bob, { user: START_QUOTA, token: TOKEN_QUOTA })).toEqual({ user: START_QUOTA, token: TOKEN_QUOTA });
    // the owner still sees it, through either header
    expect((await taskCall(f.gw, 'POST', '/mj/task/list-by-condition', alice.key, { ids: [done, 'nope'] }, 'bearer')).body).toMatchObject([{ id: done, status: 'SUCCESS' }]);
    expect((await taskCall(f.gw, 'GET', `/mj/task/${done}/image-seed`, alice.key)).body).toEqual({ code: 1, description: 'ok', result: 'seed-42' });
  });

  it('honours the Mj* switches', async () => {
    const option = async (key: string, value: string) => expect((await f.root.put('/api/option/', { key, value })).body.success).toBe(true);
    await option('MjNotifyEnabled', 'true');
    await option('MjAccountFilterEnabled', 'true');
    await option('MjModeClearEnabled', 'true');
    const r = await submit(alice, '/mj/submit/imagine', { prompt: 'a owl --relax --v 6', notifyHook: 'https://me.example/hook', accountFilter: { instanceId: 'i' } });
    expect(asked().at(-1)!.body).toEqual({ prompt: 'a owl  --v 6', notifyHook: 'https://me.example/hook', accountFilter: { instanceId: 'i' } });
    want = { user: want.user - IMAGINE, token: want.token - IMAGINE };
    const id = String(r.body.result);

    // MjActionCheckSuccessEnabled (on): no change of an unfinished task; a modal may follow one
    expect(await submit(alice, '/mj/submit/change', { taskId: id, action: 'UPSCALE', index: 1 })).toMatchObject({ status: 400, body: { description: 'task_status_not_success ', code: 4 } });
    await option('MjActionCheckSuccessEnabled', 'false');
    expect((await submit(alice, '/mj/submit/change', { taskId: id, action: 'UPSCALE', index: 2 })).body).toMatchObject({ code: 1 });
    want = { user: want.user - UPSCALE, token: want.token - UPSCALE };

    // MjForwardUrlEnabled off: the upstream's own image link
    await option('MjForwardUrlEnabled', 'false');
    expect(((await fetchTask(alice, done)).body as unknown as MjTask).imageUrl).toBe(`${f.mock.url}/img/${done}.png`);
    for (const [key, value] of [['MjNotifyEnabled', 'false'], ['MjAccountFilterEnabled', 'false'], ['MjModeClearEnabled', 'false'], ['MjActionCheckSuccessEnabled', 'true'], ['MjForwardUrlEnabled', 'true']]) await option(key!, value!);
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it('takes a progress callback on /mj/notify for the caller’s own unfinished task only', async () => {
    expect(await taskCall(f.gw, 'POST', '/mj/notify', alice.key, { id: 'q-1', progress: '33%', status: 'SUCCESS', imageUrl: 'http://169.254.169.254/' })).toMatchObject({ status: 200, raw: '' });
    expect(await row('q-1')).toMatchObject({ code: 22, status: '', progress: '33%' });
    expect((await f.gw.sql<{ image_url: string }[]>`SELECT image_url FROM midjourneys WHERE mj_id = 'q-1'`)[0]!.image_url).toBe('');
    expect(await taskCall(f.gw, 'POST', '/mj/notify', alice.key, { id: done, progress: '1%' })).toMatchObject({ status: 400, body: { description: 'midjourney_task_not_found ' } });
  });

  it('refuses bad requests in the right envelope before any cost', async () => {
    const before = asked().length;
    expect(await submit(alice, '/mj/submit/imagine', {})).toMatchObject({ status: 400, body: { description: 'prompt_is_required ', type: 'upstream_error', code: 4 } });
    expect(await taskCall(f.gw, 'POST', '/mj/submit/imagine', alice.key, '{not json')).toMatchObject({ status: 400, body: { description: 'bind_request_body_failed', type: 'new_api_error', code: 5 } });
    expect(await submit(alice, '/mj/submit/action', { taskId: done })).toMatchObject({ status: 400, body: { description: '无效的请求, custom_id_is_required', code: 5 } });
    expect(await submit(alice, '/mj/submit/simple-change', { content: `${done} U9` })).toMatchObject({ body: { description: '无效的请求, content_parse_failed' } });
    const noKey = await taskCall(f.gw, 'POST', '/mj/submit/imagine', '', { prompt: 'x' });
    expect(noKey.status).toBe(401);
    expect(noKey.body).toMatchObject({ error: { type: 'new_api_error' } });
    // no channel serves mj_blend
    expect((await submit(alice, '/mj/submit/blend', { base64Array: [] })).status).toBe(503);
    expect(asked().length).toBe(before);
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it('refuses a submit the balance cannot pay, without calling the upstream', async () => {
    await f.gw.sql`INSERT INTO users (username, password, display_name, quota, "group") VALUES ('poor', 'x', 'poor', ${IMAGINE - 1}, 'default')`;
    const [poor] = await f.gw.sql<{ id: number }[]>`SELECT id FROM users WHERE username = 'poor'`;
    const key = 'p'.repeat(48);
    await f.gw.sql`INSERT INTO tokens (user_id, key, name, unlimited_quota, remain_quota, expired_time) VALUES (${poor!.id}, ${key}, 'poor', true, 0, -1)`;
    const before = asked().length;
    expect(await taskCall(f.gw, 'POST', '/mj/submit/imagine', `sk-${key}`, { prompt: 'x' })).toMatchObject({ status: 400, body: { description: 'quota_not_enough ', code: 4 } });
    expect(asked().length).toBe(before);
  });
});
