import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { volcSign } from '../../core/providers/volcengine/volc-sign.js';
import { eventually } from '../support/console-client.js';
import { addToken } from '../support/relay-fixture.js';
import { seedUser } from '../support/seed-rows.js';
import { balancesOf, START_QUOTA, startTaskFixture, taskCall, TOKEN_QUOTA, type TaskFixture, type TaskUser } from '../support/task-fixture.js';

const BOOT_TIMEOUT = 180_000;
const QPU = 500_000;
const SORA = 0.01 * QPU * 8; // sora-2 $0.01 × 8 seconds × size 1
const KLING = 0.02 * QPU;
const SEEDANCE = 0.03 * QPU;
const VIDU = 0.04 * QPU;
const JIMENG = 0.05 * QPU;
// a Seedance model priced by ratio (0.5, no per-call price): charged new-api's 0.1 per call at submit, then
// re-billed on completion from the 246 000 tokens Ark reports: 246 000 × 0.5 × group 1 = 123 000
const SEEDANCE_TOKENS = 246_000;
const SEEDANCE_UNPRICED = 0.1 * QPU;
const SEEDANCE_BY_TOKENS = 123_000;
// a prompt naming FEWTOKENS finishes with 40 000 tokens: 20 000, 30 000 less than the 50 000 charged at submit
const FEW_TOKENS = 40_000;
const SEEDANCE_BY_FEW = 20_000;
const MP4 = Buffer.from('\x00\x00\x00\x18ftypmp42 fake video bytes', 'latin1');

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * A video provider stand-in on 127.0.0.1 speaking Sora, Kling and Ark: each poll of a task moves it one
 * step (queued → running → done); a prompt containing "FAIL" fails on its second poll.
 */
async function startMockVideo() {
  const seen: Seen[] = [];
  const tasks = new Map<string, { polls: number; fail: boolean; tokens: number }>();
  let seq = 0;
  let url = '';
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const step = (id: string): 'queued' | 'running' | 'done' | 'fail' => {
    const t = tasks.get(id)!;
    t.polls++;
    if (t.fail && t.polls >= 2) return 'fail';
    return t.polls === 1 ? 'queued' : t.polls === 2 ? 'running' : 'done';
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const path = (req.url ?? '').split('?')[0]!;
    const text = body.toString('latin1');
    const create = (prefix: string) => {
      const id = `${prefix}${++seq}`;
      // a prompt naming TOKENS finishes with Ark's usage: what a ratio-priced task is re-billed by
      tasks.set(id, { polls: 0, fail: text.includes('FAIL'), tokens: text.includes('FEWTOKENS') ? FEW_TOKENS : text.includes('TOKENS') ? SEEDANCE_TOKENS : 0 });
      return id;
    };
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/v1/videos') {
      if (text.includes('REFUSE')) return json(res, 400, { error: { message: 'prompt refused' } });
      return json(res, 200, { id: create('video_'), object: 'video', model: 'sora-2', status: 'queued', progress: 0, created_at: 1, seconds: '8', size: '1280x720' });
    }
    if (req.method === 'POST' && (m = /^\/v1\/videos\/(video_\d+)\/remix$/.exec(path))) {
      if (!tasks.has(m[1]!)) return json(res, 404, { error: { message: 'no such video' } });
      return json(res, 200, { id: create('video_'), object: 'video', model: 'sora-2', status: 'queued', progress: 0, created_at: 2, seconds: '8', size: '1280x720', remixed_from_video_id: m[1] });
    }
    if ((m = /^\/v1\/videos\/(video_\d+)\/content$/.exec(path))) {
      if (req.headers.authorization !== 'Bearer sora-key') return json(res, 401, { error: 'key' });
      res.writeHead(200, { 'content-type': 'video/mp4' });
      return res.end(MP4);
    }
    if ((m = /^\/v1\/videos\/(video_\d+)$/.exec(path))) {
      const s = step(m[1]!);
      const status = { queued: 'queued', running: 'in_progress', done: 'completed', fail: 'failed' }[s];
      return json(res, 200, { id: m[1], object: 'video', status, progress: s === 'running' ? 40 : s === 'done' ? 100 : 0, seconds: '8', ...(s === 'fail' ? { error: { message: 'moderation blocked' } } : {}) });
    }
    if (req.method === 'POST' && /^\/v1\/videos\/(text2video|image2video)$/.test(path)) {
      // a prompt naming BUSY: Kling is overloaded, a status the relay retries on another channel
      if (text.includes('BUSY')) return json(res, 503, { code: 1303, message: 'busy' });
      return json(res, 200, { code: 0, message: 'SUCCEED', data: { task_id: create('k_'), task_status: 'submitted' } });
    }
    if ((m = /^\/v1\/videos\/(?:text2video|image2video)\/(k_\d+)$/.exec(path))) {
      const s = step(m[1]!);
      const status = { queued: 'submitted', running: 'processing', done: 'succeed', fail: 'failed' }[s];
      return json(res, 200, { code: 0, data: { task_id: m[1], task_status: status, task_status_msg: s === 'fail' ? 'risk' : '', task_result: { videos: s === 'done' ? [{ id: 'v', url: `${url}/files/${m[1]}.mp4`, duration: '5' }] : [] } } });
    }
    if (req.method === 'POST' && path === '/api/v3/contents/generations/tasks') return json(res, 200, { id: create('cgt_') });
    if ((m = /^\/api\/v3\/contents\/generations\/tasks\/(cgt_\d+)$/.exec(path))) {
      const s = step(m[1]!);
      const status = { queued: 'queued', running: 'running', done: 'succeeded', fail: 'failed' }[s];
      const usage = s === 'done' && tasks.get(m[1]!)!.tokens ? { usage: { completion_tokens: tasks.get(m[1]!)!.tokens, total_tokens: tasks.get(m[1]!)!.tokens } } : {};
      return json(res, 200, { id: m[1], status, content: s === 'done' ? { video_url: `${url}/files/${m[1]}.mp4` } : {}, ...usage, ...(s === 'fail' ? { error: { message: 'sensitive content' } } : {}) });
    }
    if (req.method === 'POST' && /^\/ent\/v2\/(text2video|img2video)$/.test(path)) return json(res, 200, { task_id: create('vidu_'), state: 'created' });
    if ((m = /^\/ent\/v2\/tasks\/(vidu_\d+)\/creations$/.exec(path))) {
      const s = step(m[1]!);
      const state = { queued: 'queueing', running: 'processing', done: 'success', fail: 'failed' }[s];
      return json(res, 200, { state, err_code: s === 'fail' ? 'AuditFailed' : '', creations: s === 'done' ? [{ id: 'c', url: `${url}/files/${m[1]}.mp4`, cover_url: '' }] : [] });
    }
    if (req.method === 'POST' && req.url === '/?Action=CVSync2AsyncSubmitTask&Version=2022-08-31') return json(res, 200, { code: 10000, message: 'Success', data: { task_id: create('jm_') } });
    if (req.method === 'POST' && req.url === '/?Action=CVSync2AsyncGetResult&Version=2022-08-31') {
      const id = String((JSON.parse(text) as { task_id?: string }).task_id);
      const s = step(id);
      const status = { queued: 'in_queue', running: 'generating', done: 'done', fail: 'done' }[s];
      return json(res, 200, { code: 10000, message: 'Success', data: { status, video_url: s === 'done' ? `${url}/files/${id}.mp4` : '' } });
    }
    if (path.startsWith('/files/')) {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      return res.end(MP4);
    }
    json(res, 404, { error: 'not found' });
  };
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('video task relay (Sora, Kling, Doubao Seedance) and its poller', () => {
  let f: TaskFixture;
  let mock: Awaited<ReturnType<typeof startMockVideo>>;
  let alice: TaskUser;
  let bob: TaskUser;
  let want: { user: number; token: number };
  let soraChannel: number;

  const submits = () => mock.seen.filter((s) => s.method === 'POST');
  const sdk = (u: TaskUser) => new OpenAI({ apiKey: u.key, baseURL: `${f.gw.url}/v1`, maxRetries: 0 });
  const generations = (u: TaskUser, body: unknown) => taskCall(f.gw, 'POST', '/v1/video/generations', u.key, body, 'bearer');
  const fetchTask = (u: TaskUser, id: string) => taskCall(f.gw, 'GET', `/v1/video/generations/${id}`, u.key, undefined, 'bearer');
  const refundLogs = async (id: string) =>
    Number((await f.gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM logs WHERE type = 4 AND content LIKE ${`异步任务执行失败 ${id}，补偿%`}`)[0]!.n);

  beforeAll(async () => {
    [f, mock] = await Promise.all([startTaskFixture(), startMockVideo()]);
    ({ alice, bob } = f);
    const price = await f.root.put('/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'sora-2': 0.01, 'kling-v1': 0.02, 'doubao-seedance-1-0-pro-250528': 0.03, viduq1: 0.04, jimeng_vgfm_t2v_l20: 0.05 }) });
    expect(price.body.success).toBe(true);
    soraChannel = await f.addChannel({ type: 55, key: 'sora-key', models: 'sora-2', base_url: mock.url });
    await f.addChannel({ type: 50, key: 'kling-ak|kling-sk', models: 'kling-v1', base_url: mock.url, model_mapping: JSON.stringify({ 'kling-v1': 'kling-v2-6' }) });
    await f.addChannel({ type: 54, key: 'ark-key', models: 'doubao-seedance-1-0-pro-250528', base_url: mock.url });
    await f.addChannel({ type: 52, key: 'vidu-key', models: 'viduq1', base_url: mock.url });
    await f.addChannel({ type: 51, key: 'jm-ak|jm-sk', models: 'jimeng_vgfm_t2v_l20', base_url: mock.url });
    want = { user: START_QUOTA, token: TOKEN_QUOTA };
  }, BOOT_TIMEOUT);
  afterAll(async () => {
    await f?.stop();
    await mock?.stop();
  });

  it('Sora through the openai SDK: multipart submit charged per second, polled to completed, content proxied', async () => {
    const created = await sdk(alice).videos.create({ model: 'sora-2', prompt: 'a cat on a piano', seconds: '8', size: '1280x720' });
    expect(created.id).toMatch(/^task_[0-9A-Za-z]{32}$/);
    expect(created).toMatchObject({ object: 'video', status: 'queued' });
    const sent = submits().at(-1)!;
    expect(sent.path).toBe('/v1/videos');
    expect(sent.headers.authorization).toBe('Bearer sora-key');
    expect(String(sent.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(Uint8Array.from(sent.body), { headers: { 'content-type': String(sent.headers['content-type']) } }).formData();
    expect([form.get('model'), form.get('prompt'), form.get('seconds'), form.get('size')]).toEqual(['sora-2', 'a cat on a piano', '8', '1280x720']);

    want = { user: want.user - SORA, token: want.token - SORA };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    const [log] = await eventually(() => f.gw.sql<{ quota: number; content: string; other: string; channel_id: number }[]>`SELECT * FROM logs WHERE type = 2 AND user_id = ${alice.id} AND model_name = 'sora-2'`, (r) => r.length === 1);
    expect(log).toMatchObject({ quota: SORA, channel_id: soraChannel, content: '模型固定价格 0.01，分组倍率 1.00，操作 generate' });
    expect(JSON.parse(log!.other)).toMatchObject({ model_price: 0.01, group_ratio: 1, seconds: 8, size: 1 });

    const done = await eventually(() => sdk(alice).videos.retrieve(created.id), (v) => v.status === 'completed', 15_000);
    expect(done).toMatchObject({ id: created.id, progress: 100, seconds: '8' });
    const content = await sdk(alice).videos.downloadContent(created.id);
    expect(content.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await content.arrayBuffer())).toEqual(MP4);

    const dto = await fetchTask(alice, created.id);
    expect(dto.body).toMatchObject({ code: 'success', data: { task_id: created.id, platform: '55', status: 'SUCCESS', progress: '100%', result_url: expect.stringMatching(new RegExp(`/v1/videos/${created.id}/content$`)) } });
    expect(dto.raw).not.toContain('private_data');
    const mine = await alice.client.get<Array<Record<string, unknown>>>('/api/task/self');
    const listed = mine.body.data!.find((t) => t.task_id === created.id)!;
    expect(listed).toMatchObject({ platform: '55', action: 'generate', status: 'SUCCESS', quota: SORA, properties: { input: 'a cat on a piano' } });
    expect(listed).not.toHaveProperty('private_data');
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it('remixes a Sora video by its public id: the upstream id on the same channel, charged as the original was', async () => {
    const [origin] = await f.gw.sql<{ task_id: string; private_data: string }[]>`SELECT task_id, private_data FROM tasks WHERE user_id = ${alice.id} AND platform = '55' AND status = 'SUCCESS' ORDER BY id LIMIT 1`;
    const upstreamId = (JSON.parse(origin!.private_data) as { upstream_task_id: string }).upstream_task_id;
    const remixed = await sdk(alice).videos.remix(origin!.task_id, { prompt: 'make it brighter' });
    expect(remixed.id).toMatch(/^task_[0-9A-Za-z]{32}$/);
    expect(remixed.id).not.toBe(origin!.task_id);
    expect(remixed).toMatchObject({ object: 'video', status: 'queued', remixed_from_video_id: upstreamId });
    const sent = submits().at(-1)!;
    expect([sent.path, sent.headers.authorization, sent.headers['content-type']]).toEqual([`/v1/videos/${upstreamId}/remix`, 'Bearer sora-key', 'application/json']);
    expect(JSON.parse(sent.body.toString())).toEqual({ model: 'sora-2', prompt: 'make it brighter' });

    // the origin's 8 seconds at size 1, as its submit was charged
    want = { user: want.user - SORA, token: want.token - SORA };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    const logs = await eventually(() => f.gw.sql<{ quota: number; content: string; other: string; channel_id: number }[]>`SELECT * FROM logs WHERE type = 2 AND user_id = ${alice.id} AND model_name = 'sora-2' ORDER BY id`, (r) => r.length === 2);
    expect(logs[1]).toMatchObject({ quota: SORA, channel_id: soraChannel, content: '模型固定价格 0.01，分组倍率 1.00，操作 remixGenerate' });
    expect(JSON.parse(logs[1]!.other)).toMatchObject({ seconds: 8, size: 1 });
    const [row] = await f.gw.sql<{ action: string; channel_id: number; quota: number; platform: string }[]>`SELECT action, channel_id, quota, platform FROM tasks WHERE task_id = ${remixed.id}`;
    expect(row).toEqual({ action: 'remixGenerate', channel_id: soraChannel, quota: SORA, platform: '55' });
    const done = await eventually(() => sdk(alice).videos.retrieve(remixed.id), (v) => v.status === 'completed', 15_000);
    expect(done.id).toBe(remixed.id);
  });

  it('refuses a remix of no task, another user’s task, a provider without remix, or without a prompt, at no cost', async () => {
    const [origin] = await f.gw.sql<{ task_id: string }[]>`SELECT task_id FROM tasks WHERE user_id = ${alice.id} AND platform = '55' ORDER BY id LIMIT 1`;
    const remix = (u: TaskUser, id: string, body: unknown) => taskCall(f.gw, 'POST', `/v1/videos/${id}/remix`, u.key, body, 'bearer');
    const before = submits().length;
    const missing = { status: 400, body: { code: 'task_not_exist', message: 'task_origin_not_exist', data: null } };
    expect(await remix(alice, 'task_nope', { prompt: 'x' })).toMatchObject(missing);
    expect(await remix(bob, origin!.task_id, { prompt: 'x' })).toMatchObject(missing);
    expect(await remix(alice, origin!.task_id, { prompt: '  ' })).toMatchObject({ status: 400, body: { code: 'invalid_request', message: 'field prompt is required' } });
    expect(await remix(alice, origin!.task_id, '[1]')).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const kling = await generations(alice, { model: 'kling-v1', prompt: 'for remix' });
    want = { user: want.user - KLING, token: want.token - KLING };
    const afterKling = submits().length;
    expect(await remix(alice, String(kling.body.id), { prompt: 'x' })).toMatchObject({ status: 400, body: { code: 'not_supported' } });
    expect(submits().length).toBe(afterKling);
    expect(afterKling).toBe(before + 1);
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    expect(await balancesOf(f.gw, bob, { user: START_QUOTA, token: TOKEN_QUOTA })).toEqual({ user: START_QUOTA, token: TOKEN_QUOTA });
  });

  it('serves a video to its owner’s console session (no token), never to another user’s session', async () => {
    const [task] = await f.gw.sql<{ task_id: string }[]>`SELECT task_id FROM tasks WHERE user_id = ${alice.id} AND platform = '55' AND status = 'SUCCESS' ORDER BY id LIMIT 1`;
    const content = (cookie: string) => fetch(`${f.gw.url}/v1/videos/${task!.task_id}/content`, { headers: cookie ? { cookie } : {} });
    expect(alice.client.cookie).not.toBe('');
    const mine = await content(alice.client.cookie);
    expect([mine.status, mine.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(MP4);
    const theirs = await content(bob.client.cookie);
    expect(theirs.status).toBe(400);
    expect(await theirs.json()).toMatchObject({ code: 'task_not_exist' });
    expect((await content('')).status).toBe(401);
    expect((await content('session=forged')).status).toBe(401);
    // a session of a user banned since it signed in is no session (a live one would get 400 task_not_exist)
    const carol = await seedUser(f.gw, { username: 'carol', quota: 0 });
    expect((await content(carol.cookie)).status).toBe(400);
    expect((await f.root.post('/api/user/manage', { id: carol.userId, action: 'disable' })).body.success).toBe(true);
    expect((await content(carol.cookie)).status).toBe(401);
  });

  it('Kling through /v1/video/generations: JWT-signed, model mapped, succeeded with the CDN URL, content proxied', async () => {
    const r = await generations(alice, { model: 'kling-v1', prompt: 'a fox in snow', size: '1920x1080' });
    expect(r.status).toBe(200);
    const id = String(r.body.id);
    expect(r.body).toMatchObject({ id, task_id: id, object: 'video', model: 'kling-v1', status: 'queued' });
    const sent = submits().at(-1)!;
    expect(sent.path).toBe('/v1/videos/text2video');
    const token = String(sent.headers.authorization).replace(/^Bearer /, '');
    expect((await jwtVerify(token, new TextEncoder().encode('kling-sk'))).payload).toMatchObject({ iss: 'kling-ak' });
    expect(JSON.parse(sent.body.toString())).toMatchObject({ model_name: 'kling-v2-6', prompt: 'a fox in snow', aspect_ratio: '16:9', duration: '5', mode: 'std' });
    want = { user: want.user - KLING, token: want.token - KLING };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);

    const task = await eventually(async () => (await fetchTask(alice, id)).body.data as Record<string, unknown>, (t) => t.status === 'SUCCESS', 15_000);
    expect(task).toMatchObject({ platform: '50', action: 'textGenerate', progress: '100%', result_url: expect.stringMatching(/\/files\/k_\d+\.mp4$/) });
    const video = await taskCall(f.gw, 'GET', `/v1/videos/${id}`, alice.key, undefined, 'bearer');
    expect(video.body).toMatchObject({ id, object: 'video', status: 'completed', progress: 100, model: 'kling-v1', metadata: { url: task.result_url } });
    const content = await fetch(`${f.gw.url}/v1/videos/${id}/content`, { headers: { authorization: `Bearer ${alice.key}` } });
    expect(content.status).toBe(200);
    expect(Buffer.from(await content.arrayBuffer())).toEqual(MP4);
  });

  it('Kling-native body on /kling/v1/videos/image2video, fetched on its /kling route', async () => {
    const r = await taskCall(f.gw, 'POST', '/kling/v1/videos/image2video', alice.key, { model_name: 'kling-v1', prompt: 'wave', image: 'https://img.example/w.png', duration: '10', cfg_scale: 0.9 }, 'bearer');
    expect(r.status).toBe(200);
    const id = String(r.body.id);
    const sent = submits().at(-1)!;
    expect(sent.path).toBe('/v1/videos/image2video');
    // metadata is the client's own body and wins over the defaults (new-api KlingRequestConvert)
    expect(JSON.parse(sent.body.toString())).toMatchObject({ model_name: 'kling-v1', image: 'https://img.example/w.png', duration: '10', cfg_scale: 0.9, mode: 'std' });
    want = { user: want.user - KLING, token: want.token - KLING };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    const task = await eventually(async () => (await taskCall(f.gw, 'GET', `/kling/v1/videos/image2video/${id}`, alice.key, undefined, 'bearer')).body, (b) => (b.data as { status?: string } | undefined)?.status === 'SUCCESS', 15_000);
    expect(task).toMatchObject({ code: 'success', data: { task_id: id, action: 'generate', platform: '50' } });
    expect(mock.seen.some((s) => s.method === 'GET' && /^\/v1\/videos\/image2video\/k_\d+$/.test(s.path))).toBe(true);
  });

  it('Doubao Seedance: a failed task is refunded to user and token exactly once', async () => {
    const r = await generations(alice, { model: 'doubao-seedance-1-0-pro-250528', prompt: 'FAIL this one', image: 'https://img.example/a.png' });
    expect(r.status).toBe(200);
    const id = String(r.body.id);
    const sent = submits().at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer ark-key');
    expect(JSON.parse(sent.body.toString())).toEqual({
      model: 'doubao-seedance-1-0-pro-250528',
      content: [{ type: 'text', text: 'FAIL this one' }, { type: 'image_url', image_url: { url: 'https://img.example/a.png' } }],
    });
    // charged at submit (the refund may land before a balance could be read, so the log tells it)
    const [charge] = await eventually(() => f.gw.sql<{ quota: number }[]>`SELECT quota FROM logs WHERE type = 2 AND user_id = ${alice.id} AND model_name = 'doubao-seedance-1-0-pro-250528'`, (rows) => rows.length === 1);
    expect(charge!.quota).toBe(SEEDANCE);
    const failed = await eventually(async () => (await fetchTask(alice, id)).body.data as Record<string, unknown>, (t) => t.status === 'FAILURE', 15_000);
    expect(failed).toMatchObject({ fail_reason: 'sensitive content', progress: '100%' });
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    expect(await eventually(() => refundLogs(id), (n) => n === 1)).toBe(1);
    expect((await taskCall(f.gw, 'GET', `/v1/videos/${id}`, alice.key, undefined, 'bearer')).body).toMatchObject({ status: 'failed', error: { message: 'sensitive content' } });

    // the task reported as failed again (a second poll, another node): no second refund
    await f.gw.sql`UPDATE tasks SET status = 'IN_PROGRESS' WHERE task_id = ${id}`;
    await eventually(async () => (await fetchTask(alice, id)).body.data as Record<string, unknown>, (t) => t.status === 'FAILURE', 15_000);
    await new Promise((res) => setTimeout(res, 600));
    expect(await refundLogs(id)).toBe(1);
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it('Doubao Seedance priced by ratio: re-billed once on completion from the reported tokens, the difference charged and logged', async () => {
    const model = 'doubao-seedance-1-0-lite-t2v';
    expect((await f.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ [model]: 0.5 }) })).body.success).toBe(true);
    const channel = await f.addChannel({ type: 54, key: 'ark-key', models: model, base_url: mock.url });
    const channelUsed = (want: number) =>
      eventually(async () => Number((await f.gw.sql<{ used_quota: number }[]>`SELECT used_quota FROM channels WHERE id = ${channel}`)[0]!.used_quota), (u) => u === want, 15_000);
    const r = await generations(alice, { model, prompt: 'count my TOKENS' });
    expect(r.status).toBe(200);
    const id = String(r.body.id);
    const done = await eventually(async () => (await fetchTask(alice, id)).body.data as Record<string, unknown>, (t) => t.status === 'SUCCESS', 15_000);
    expect(done).toMatchObject({ progress: '100%' });
    want.user -= SEEDANCE_BY_TOKENS;
    want.token -= SEEDANCE_BY_TOKENS;
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    const logs = () => f.gw.sql<{ type: number; quota: number; content: string; other: string }[]>`SELECT type, quota, content, other FROM logs WHERE user_id = ${alice.id} AND model_name = ${model} ORDER BY id`;
    const rows = await eventually(logs, (l) => l.length === 2);
    expect(rows.map((l) => [l.type, l.quota])).toEqual([
      [2, SEEDANCE_UNPRICED],
      [2, SEEDANCE_BY_TOKENS - SEEDANCE_UNPRICED],
    ]);
    expect(rows[1]!.content).toBe('token重算：tokens=246000, modelRatio=0.50, groupRatio=1.00');
    expect(JSON.parse(rows[1]!.other)).toMatchObject({ task_id: id, pre_consumed_quota: SEEDANCE_UNPRICED, actual_quota: SEEDANCE_BY_TOKENS });
    expect((await f.gw.sql<{ quota: number }[]>`SELECT quota FROM tasks WHERE task_id = ${id}`)[0]!.quota).toBe(SEEDANCE_BY_TOKENS);
    // the channel's used quota follows the difference as the user's balance did: submit charge + delta
    expect(await channelUsed(SEEDANCE_BY_TOKENS)).toBe(SEEDANCE_BY_TOKENS);

    // reported as finished again (a second poll, another node): settled once only
    await f.gw.sql`UPDATE tasks SET status = 'IN_PROGRESS' WHERE task_id = ${id}`;
    await eventually(async () => (await fetchTask(alice, id)).body.data as Record<string, unknown>, (t) => t.status === 'SUCCESS', 15_000);
    await new Promise((res) => setTimeout(res, 600));
    expect(await logs()).toHaveLength(2);
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    expect(await channelUsed(SEEDANCE_BY_TOKENS)).toBe(SEEDANCE_BY_TOKENS);

    // fewer tokens than the submit charge paid for: the difference goes back to the user, the token and the channel's usage
    const few = await generations(alice, { model, prompt: 'count my FEWTOKENS' });
    expect(few.status).toBe(200);
    const fewId = String(few.body.id);
    await eventually(async () => (await fetchTask(alice, fewId)).body.data as Record<string, unknown>, (t) => t.status === 'SUCCESS', 15_000);
    const back = SEEDANCE_UNPRICED - SEEDANCE_BY_FEW;
    want.user -= SEEDANCE_BY_FEW;
    want.token -= SEEDANCE_BY_FEW;
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    expect(await channelUsed(SEEDANCE_BY_TOKENS + SEEDANCE_BY_FEW)).toBe(SEEDANCE_BY_TOKENS + SEEDANCE_BY_FEW);
    const more = await eventually(logs, (l) => l.length === 4);
    expect(more.slice(2).map((l) => [l.type, l.quota])).toEqual([
      [2, SEEDANCE_UNPRICED],
      [4, back],
    ]);
    expect(more[3]!.content).toMatch(/^token重算：tokens=40000, modelRatio=0\.50, groupRatio=1\.00，退还 /);
    expect(JSON.parse(more[3]!.other)).toMatchObject({ task_id: fewId, pre_consumed_quota: SEEDANCE_UNPRICED, actual_quota: SEEDANCE_BY_FEW });
    const [charge] = await f.gw.sql<{ quota: number }[]>`SELECT c.quota FROM task_charges c JOIN tasks t ON t.id = c.task_ref WHERE c.platform = 'video' AND t.task_id = ${fewId}`;
    expect(Number(charge!.quota)).toBe(SEEDANCE_BY_FEW);
  });

  it('retried on a channel of another type: charged with the multipliers of the channel that accepted the task', async () => {
    const model = 'video-failover';
    const prices = { 'sora-2': 0.01, 'kling-v1': 0.02, 'doubao-seedance-1-0-pro-250528': 0.03, viduq1: 0.04, jimeng_vgfm_t2v_l20: 0.05, [model]: 0.01 };
    expect((await f.root.put('/api/option/', { key: 'ModelPrice', value: JSON.stringify(prices) })).body.success).toBe(true);
    expect((await f.root.put('/api/option/', { key: 'RetryTimes', value: '1' })).body.success).toBe(true);
    try {
      // Kling (no multipliers) is tried first and answers 503; Sora (seconds × size) takes the task
      await f.addChannel({ type: 50, key: 'kling-ak|kling-sk', models: model, base_url: mock.url, priority: 10 });
      const sora = await f.addChannel({ type: 55, key: 'sora-key', models: model, base_url: mock.url, priority: 0 });
      const before = submits().length;
      const r = await generations(alice, { model, prompt: 'BUSY harbour at night', seconds: 8 });
      expect(r.status).toBe(200);
      expect(submits().slice(before).map((x) => x.path)).toEqual(['/v1/videos/text2video', '/v1/videos']);
      const charged = 0.01 * QPU * 8; // Sora's 8 seconds × size 1 (720x1280); Kling's estimate was 0.01 × QPU
      want = { user: want.user - charged, token: want.token - charged };
      expect(await balancesOf(f.gw, alice, want)).toEqual(want);
      const [row] = await f.gw.sql<{ platform: string; channel_id: number; quota: number; private_data: string }[]>`SELECT platform, channel_id, quota, private_data FROM tasks WHERE task_id = ${String(r.body.id)}`;
      expect({ platform: row!.platform, channel: Number(row!.channel_id), quota: Number(row!.quota) }).toEqual({ platform: '55', channel: sora, quota: charged });
      expect(JSON.parse(row!.private_data)).toMatchObject({ billing_context: { other_ratios: { seconds: 8, size: 1 } } });
      const [log] = await eventually(() => f.gw.sql<{ quota: number; channel_id: number; other: string }[]>`SELECT quota, channel_id, other FROM logs WHERE type = 2 AND model_name = ${model}`, (l) => l.length === 1);
      expect([log!.quota, Number(log!.channel_id)]).toEqual([charged, sora]);
      expect(JSON.parse(log!.other)).toMatchObject({ seconds: 8, size: 1 });

      // a balance covering Kling's estimate but not Sora's charge: the task records what was taken, and its
      // failure gives back exactly that
      const dave = await seedUser(f.gw, { username: 'dave', quota: 6000 });
      const daveToken = await addToken(dave, { remain_quota: 100_000 });
      const poor = { id: dave.userId, tokenId: daveToken.id } as TaskUser;
      const short = await taskCall(f.gw, 'POST', '/v1/video/generations', daveToken.key, { model, prompt: 'BUSY then FAIL', seconds: 8 }, 'bearer');
      expect(short.status).toBe(200);
      const shortId = String(short.body.id);
      await eventually(async () => (await taskCall(f.gw, 'GET', `/v1/video/generations/${shortId}`, daveToken.key, undefined, 'bearer')).body.data as { status?: string }, (t) => t?.status === 'FAILURE', 15_000);
      const [task] = await f.gw.sql<{ quota: number }[]>`SELECT quota FROM tasks WHERE task_id = ${shortId}`;
      expect(Number(task!.quota)).toBe(6000);
      expect(await balancesOf(f.gw, poor, { user: 6000, token: 100_000 })).toEqual({ user: 6000, token: 100_000 });
      expect(await eventually(() => refundLogs(shortId), (n) => n === 1)).toBe(1);
    } finally {
      await f.root.put('/api/option/', { key: 'RetryTimes', value: '0' });
    }
  });

  it('Vidu: Token auth, image-to-video, polled through its creations to the video URL', async () => {
    const r = await generations(alice, { model: 'viduq1', prompt: 'a kite', image: 'https://img.example/k.png', duration: 4 });
    expect(r.status).toBe(200);
    const id = String(r.body.id);
    const sent = submits().at(-1)!;
    expect([sent.path, sent.headers.authorization]).toEqual(['/ent/v2/img2video', 'Token vidu-key']);
    expect(JSON.parse(sent.body.toString())).toMatchObject({ model: 'viduq1', images: ['https://img.example/k.png'], duration: 4, resolution: '1080p' });
    want = { user: want.user - VIDU, token: want.token - VIDU };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    const video = await eventually(async () => (await taskCall(f.gw, 'GET', `/v1/videos/${id}`, alice.key, undefined, 'bearer')).body, (v) => v.status === 'completed', 15_000);
    expect(video).toMatchObject({ id, model: 'viduq1', metadata: { url: expect.stringMatching(/\/files\/vidu_\d+\.mp4$/) } });
  });

  it('Jimeng: Volcengine-signed submit and result calls, polled to done', async () => {
    const r = await generations(alice, { model: 'jimeng_vgfm_t2v_l20', prompt: 'mountains', duration: 10 });
    expect(r.status).toBe(200);
    const id = String(r.body.id);
    const sent = submits().find((x) => x.path.startsWith('/?Action=CVSync2AsyncSubmitTask') && x.body.toString().includes('mountains'))!;
    expect(JSON.parse(sent.body.toString())).toEqual({ req_key: 'jimeng_vgfm_t2v_l20', prompt: 'mountains', seed: 0, aspect_ratio: '', frames: 241 });
    // the signature the gateway sent is the one the published algorithm gives for what arrived (host included)
    const at = String(sent.headers['x-date']);
    const now = Date.UTC(+at.slice(0, 4), +at.slice(4, 6) - 1, +at.slice(6, 8), +at.slice(9, 11), +at.slice(11, 13), +at.slice(13, 15));
    const expected = volcSign({ method: 'POST', url: `http://${sent.headers.host}${sent.path}`, contentType: 'application/json', body: sent.body.toString(), accessKey: 'jm-ak', secretKey: 'jm-sk', region: 'cn-north-1', service: 'cv', now });
    expect(sent.headers.authorization).toBe(expected.authorization);
    want = { user: want.user - JIMENG, token: want.token - JIMENG };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
    const task = await eventually(async () => (await fetchTask(alice, id)).body.data as Record<string, unknown>, (t) => t.status === 'SUCCESS', 15_000);
    expect(task).toMatchObject({ platform: '51', action: 'textGenerate', result_url: expect.stringMatching(/\/files\/jm_\d+\.mp4$/) });
    const polled = mock.seen.find((x) => x.path.startsWith('/?Action=CVSync2AsyncGetResult'))!;
    expect(JSON.parse(polled.body.toString())).toMatchObject({ req_key: 'jimeng_vgfm_t2v_l20' });
    expect(String(polled.headers.authorization)).toMatch(/^HMAC-SHA256 Credential=jm-ak\//);
  });

  it('Jimeng’s own API on /jimeng/: CVSync2AsyncSubmitTask billed as a submit, CVSync2AsyncGetResult reads the task', async () => {
    const jimeng = (action: string, body: unknown, key = alice.key) => taskCall(f.gw, 'POST', `/jimeng/?Action=${action}&Version=2022-08-31`, key, body, 'bearer');
    const r = await jimeng('CVSync2AsyncSubmitTask', { req_key: 'jimeng_vgfm_t2v_l20', prompt: 'rivers', frames: 241, seed: 7 });
    expect(r.status).toBe(200);
    const id = String(r.body.id);
    expect(id).toMatch(/^task_/);
    const sent = submits().at(-1)!;
    expect(sent.path).toBe('/?Action=CVSync2AsyncSubmitTask&Version=2022-08-31');
    // the client's body is laid over the Jimeng body the adapter builds
    expect(JSON.parse(sent.body.toString())).toEqual({ req_key: 'jimeng_vgfm_t2v_l20', prompt: 'rivers', seed: 7, aspect_ratio: '', frames: 241 });
    expect(String(sent.headers.authorization)).toMatch(/^HMAC-SHA256 Credential=jm-ak\//);
    want = { user: want.user - JIMENG, token: want.token - JIMENG };
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);

    const result = await eventually(async () => (await jimeng('CVSync2AsyncGetResult', { req_key: 'jimeng_vgfm_t2v_l20', task_id: id })).body, (b) => (b.data as { status?: string } | undefined)?.status === 'SUCCESS', 15_000);
    expect(result).toMatchObject({ code: 'success', data: { task_id: id, platform: '51', action: 'textGenerate' } });
    expect((await jimeng('CVSync2AsyncGetResult', { task_id: id }, bob.key)).body).toMatchObject({ code: 'task_not_exist' });

    const before = submits().length;
    expect(await taskCall(f.gw, 'POST', '/jimeng/', alice.key, { req_key: 'jimeng_vgfm_t2v_l20', prompt: 'x' }, 'bearer')).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('Action query parameter is required') } } });
    expect(await jimeng('CVSync2AsyncGetResult', { req_key: 'x' })).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('task_id is required for CVSync2AsyncGetResult') } } });
    expect(await jimeng('CVSync2AsyncSubmitTask', '[1]')).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('Invalid request body') } } });
    expect(await jimeng('CVSync2AsyncSubmitTask', { prompt: 'x' })).toMatchObject({ status: 400, body: { code: 'invalid_request', message: 'model is required' } });
    expect((await jimeng('CVSync2AsyncSubmitTask', { req_key: 'jimeng_vgfm_t2v_l20', prompt: 'x' }, 'sk-wrong')).status).toBe(401);
    expect(submits().length).toBe(before);
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it('refuses a Kling or Jimeng key that is not AK|SK when the channel is saved', async () => {
    for (const type of [50, 51]) {
      const r = await f.root.post('/api/channel/', { type, key: 'just-one-part', models: 'x', group: 'default', name: `bad-${type}` });
      expect(r.body).toMatchObject({ success: false, message: '密钥格式错误，请按照如下格式输入：AccessKey|SecretKey' });
    }
  });

  it('refuses bad requests and upstream refusals without any cost', async () => {
    const before = submits().length;
    expect(await generations(alice, { model: 'sora-2' })).toMatchObject({ status: 400, body: { code: 'invalid_request', message: 'prompt is required', data: null } });
    expect(await generations(alice, { prompt: 'x' })).toMatchObject({ status: 400, body: { code: 'invalid_request', message: 'model is required' } });
    expect(await generations(alice, '[1]')).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await generations(alice, { model: 'sora-2', prompt: 'x', seconds: 'ten' })).toMatchObject({ status: 400 });
    expect((await generations(alice, { model: 'no-such-video-model', prompt: 'x' })).status).toBe(503);
    expect(submits().length).toBe(before);
    expect(await generations(alice, { model: 'sora-2', prompt: 'REFUSE me' })).toMatchObject({ status: 400, body: { code: 'fail_to_fetch_task' } });
    expect(submits().length).toBe(before + 1);
    expect((await generations(alice, { model: 'sora-2', prompt: 'x' })).status).toBe(200);
    want = { user: want.user - 0.01 * QPU * 4, token: want.token - 0.01 * QPU * 4 }; // seconds default 4
    expect(await balancesOf(f.gw, alice, want)).toEqual(want);
  });

  it('never shows another user’s task or its video', async () => {
    const [task] = await f.gw.sql<{ task_id: string }[]>`SELECT task_id FROM tasks WHERE user_id = ${alice.id} AND platform = '55' AND status = 'SUCCESS' LIMIT 1`;
    const missing = { status: 400, body: { code: 'task_not_exist', message: 'task_not_exist', data: null } };
    expect(await fetchTask(bob, task!.task_id)).toMatchObject(missing);
    expect(await taskCall(f.gw, 'GET', `/v1/videos/${task!.task_id}`, bob.key, undefined, 'bearer')).toMatchObject(missing);
    expect((await taskCall(f.gw, 'GET', `/v1/videos/${task!.task_id}/content`, bob.key, undefined, 'bearer')).status).toBe(400);
    expect((await taskCall(f.gw, 'GET', `/v1/videos/${task!.task_id}`, 'sk-wrong', undefined, 'bearer')).status).toBe(401);
    expect(await balancesOf(f.gw, bob, { user: START_QUOTA, token: TOKEN_QUOTA })).toEqual({ user: START_QUOTA, token: TOKEN_QUOTA });
  });
});
