// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DrawingTask, GenericTask } from '../../../../core/contracts/log';
import { renderWithApp, stubFetch } from '../../test/render-with-app';
import { DrawingLogsPage } from './drawing-logs-page';
import { TaskLogsPage } from './task-logs-page';
import { TASK_SEARCH_DEFAULTS } from './task-search';

const PROMPT = 'a lighthouse on a cliff at dusk, volumetric light, cinematic, ultra detailed, 35mm, golden hour, crashing waves';
const drawing: DrawingTask = {
  id: 1, mj_id: 'mj-77', action: 'IMAGINE', code: 1, status: 'SUCCESS', progress: '100%', image_url: 'https://cdn.example.com/lighthouse.png',
  prompt: PROMPT, prompt_en: PROMPT, fail_reason: '', submit_time: 1_700_000_000_000, finish_time: 1_700_000_030_000, channel_id: 7,
};
const task: GenericTask = {
  id: 5, task_id: 'suno-task-9', platform: 'suno', action: 'MUSIC', status: 'FAILURE', progress: '100%', fail_reason: 'upstream refused the lyrics',
  submit_time: 1_700_000_000, finish_time: 1_700_000_090, channel_id: 3, data: { clips: [{ id: 'c1' }] },
};

const signIn = (role: number) => localStorage.setItem('user', JSON.stringify({ id: 1, username: 'me', role, status: 1 }));
const lastCall = (calls: { url: string }[], prefix: string) => [...calls].reverse().find((c) => c.url.startsWith(prefix))?.url ?? '';

describe('drawing log', () => {
  let calls: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    localStorage.clear();
    calls = stubFetch({
      '/api/status': { success: true, data: { mj_notify_enabled: false, setup: true } },
      '/api/mj/': { success: true, message: '', data: [drawing] },
    });
  });
  afterEach(cleanup);

  it('gives administrators the channel filter, the channel column and the callback notice', async () => {
    signIn(10);
    renderWithApp(<DrawingLogsPage search={{ ...TASK_SEARCH_DEFAULTS, channel: '7' }} onSearchChange={() => {}} />, '/midjourney');
    await screen.findByText('mj-77');
    expect(screen.getByText(/当前未开启 Midjourney 回调/)).toBeTruthy();
    expect(screen.getByLabelText('渠道 ID')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '渠道' })).toBeTruthy();
    const url = new URL(lastCall(calls, '/api/mj/'), 'http://x');
    expect(url.pathname).toBe('/api/mj/');
    expect(url.searchParams.get('channel_id')).toBe('7');
    // drawing times travel in milliseconds
    expect(url.searchParams.get('start_timestamp')!.length).toBe(13);
  });

  it('keeps ordinary users to their own tasks, without channel filter, column or notice', async () => {
    signIn(1);
    renderWithApp(<DrawingLogsPage search={{ ...TASK_SEARCH_DEFAULTS, channel: '7' }} onSearchChange={() => {}} />, '/midjourney');
    await screen.findByText('mj-77');
    expect(screen.queryByText(/当前未开启 Midjourney 回调/)).toBeNull();
    expect(screen.queryByLabelText('渠道 ID')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '渠道' })).toBeNull();
    const url = new URL(lastCall(calls, '/api/mj/'), 'http://x');
    expect(url.pathname).toBe('/api/mj/self/');
    expect(url.searchParams.has('channel_id')).toBe(false);
  });

  it('opens the result image in a viewer and a long prompt in a modal', async () => {
    signIn(10);
    renderWithApp(<DrawingLogsPage search={TASK_SEARCH_DEFAULTS} onSearchChange={() => {}} />, '/midjourney');
    const row = (await screen.findByText('mj-77')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /查看图片/ }));
    const viewer = await screen.findByRole('dialog');
    expect(viewer.querySelector('img')?.getAttribute('src')).toBe(drawing.image_url);
    fireEvent.keyDown(viewer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(row).getAllByTitle(PROMPT)[0]!);
    expect((await screen.findByRole('dialog')).textContent).toContain(PROMPT);
  });
});

describe('task log', () => {
  let calls: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    localStorage.clear();
    calls = stubFetch({ '/api/status': { success: true, data: { setup: true } }, '/api/task/': { success: true, message: '', data: [task] } });
  });
  afterEach(cleanup);

  it('shows administrators the channel and filters by it; the task id opens the whole record as JSON', async () => {
    signIn(100);
    renderWithApp(<TaskLogsPage search={{ ...TASK_SEARCH_DEFAULTS, channel: '3', id: 'suno-task-9' }} onSearchChange={() => {}} />, '/task');
    const id = await screen.findByRole('button', { name: 'suno-task-9' });
    const url = new URL(lastCall(calls, '/api/task/'), 'http://x');
    expect([url.pathname, url.searchParams.get('channel_id'), url.searchParams.get('task_id')]).toEqual(['/api/task/', '3', 'suno-task-9']);
    expect(screen.getByRole('columnheader', { name: '渠道' })).toBeTruthy();
    fireEvent.click(id);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('任务详情')).toBeTruthy();
    expect(JSON.parse(dialog.querySelector('pre')!.textContent!)).toEqual(task);
  });

  it('opens a failure reason in the long-text modal', async () => {
    signIn(1);
    renderWithApp(<TaskLogsPage search={TASK_SEARCH_DEFAULTS} onSearchChange={() => {}} />, '/task');
    fireEvent.click(await screen.findByTitle('upstream refused the lyrics'));
    expect((await screen.findByRole('dialog')).textContent).toContain('upstream refused the lyrics');
    expect(new URL(lastCall(calls, '/api/task/'), 'http://x').pathname).toBe('/api/task/self');
  });
});
