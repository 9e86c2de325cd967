// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../test/render-with-app';
import { DashboardPage } from './dashboard-page';
import { DASHBOARD_SEARCH_DEFAULTS } from './dashboard-search';

const H = 1_749_103_200; // an hour boundary
const rows = [
  { model_name: 'gpt-4o', created_at: H, count: 3, quota: 1_500_000, token_used: 1200 },
  { model_name: 'claude-3-5', created_at: H + 3600, count: 1, quota: 500_000, token_used: 600 },
];
const me = { id: 1, username: 'me', quota: 2_500_000, used_quota: 1_000_000, request_count: 42 };

const signIn = (role: number) => localStorage.setItem('user', JSON.stringify({ id: 1, username: 'me', role, status: 1 }));
const dataCall = (calls: { url: string }[]) => new URL([...calls].reverse().find((c) => c.url.startsWith('/api/data/'))!.url, 'http://x');
const stat = (key: string) => document.querySelector(`[data-stat=${key}]`)?.textContent;

describe('DashboardPage', () => {
  let calls: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    localStorage.clear();
    calls = stubFetch({
      '/api/status': { success: true, data: { display_in_currency: true, quota_per_unit: 500000, data_export_default_time: 'day', setup: true } },
      '/api/user/self': { success: true, message: '', data: me },
      '/api/data/': { success: true, message: '', data: rows },
    });
  });
  afterEach(cleanup);

  it('reads every user’s data for administrators, one user’s when a username is given, and totals the range', async () => {
    signIn(10);
    const search = { ...DASHBOARD_SEARCH_DEFAULTS, start: H - 3600, end: H + 4 * 3600, granularity: 'hour' as const, username: 'alice' };
    renderWithApp(<DashboardPage search={search} onSearchChange={() => {}} />, '/detail');
    await waitFor(() => expect(stat('quota')).toBe('$4.00'), { timeout: 10_000 });
    const url = dataCall(calls);
    expect(url.pathname).toBe('/api/data/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ start_timestamp: String(H - 3600), end_timestamp: String(H + 4 * 3600), default_time: 'hour', username: 'alice' });
    expect(screen.getByLabelText('用户名称')).toBeTruthy();
    expect([stat('count'), stat('tokens'), stat('balance'), stat('used'), stat('requests')]).toEqual(['4', '1800', '$5.00', '$2.00', '42']);
    // 4 calls and 1 800 tokens over 300 minutes
    expect([stat('rpm'), stat('tpm')]).toEqual(['0.013', '6.000']);
    for (const title of ['模型消耗分布', '模型调用次数分布', '模型调用次数占比']) expect(screen.getByText(title)).toBeTruthy();
    expect(document.querySelector('[data-share-list]')?.textContent).toContain('75.0%');
  });

  it('reads a user’s own data over the site’s default granularity, with no username filter', async () => {
    signIn(1);
    renderWithApp(<DashboardPage search={{ ...DASHBOARD_SEARCH_DEFAULTS, username: 'alice' }} onSearchChange={() => {}} />, '/detail');
    await waitFor(() => expect(stat('count')).toBe('4'), { timeout: 10_000 });
    const url = dataCall(calls);
    expect(url.pathname).toBe('/api/data/self');
    expect(url.searchParams.has('username')).toBe(false);
    expect(screen.queryByLabelText('用户名称')).toBeNull();
    const span = Number(url.searchParams.get('end_timestamp')) - Number(url.searchParams.get('start_timestamp'));
    expect(span).toBe(7 * 86400);
    expect(url.searchParams.get('default_time')).toBe('day');
  });

  it('says so when the range has no calls', async () => {
    signIn(1);
    stubFetch({ '/api/user/self': { success: true, message: '', data: me }, '/api/data/': { success: true, message: '', data: null } });
    renderWithApp(<DashboardPage search={DASHBOARD_SEARCH_DEFAULTS} onSearchChange={() => {}} />, '/detail');
    expect((await screen.findAllByText('这段时间还没有调用记录', {}, { timeout: 10_000 })).length).toBe(3);
    expect(stat('quota')).toBe('$0.00');
    // every card, the two lower ones included, shows the same empty state (icon, title and hint)
    for (const chart of ['quota', 'count', 'share']) {
      const empty = document.querySelector(`[data-chart=${chart}] [data-chart-empty]`);
      expect([chart, empty?.querySelector('svg') !== null, empty?.textContent]).toEqual([chart, true, '这段时间还没有调用记录换个时间范围或粒度再查询。']);
    }
  });

  it('shows the empty state instead of a frame of zero-height bars when the calls were free', async () => {
    signIn(1);
    const free = rows.map((r) => ({ ...r, quota: 0 }));
    stubFetch({ '/api/user/self': { success: true, message: '', data: me }, '/api/data/': { success: true, message: '', data: free } });
    const search = { ...DASHBOARD_SEARCH_DEFAULTS, start: H - 3600, end: H + 4 * 3600, granularity: 'hour' as const };
    renderWithApp(<DashboardPage search={search} onSearchChange={() => {}} />, '/detail');
    await waitFor(() => expect(stat('count')).toBe('4'), { timeout: 10_000 });
    expect(document.querySelector('[data-chart=quota] [data-chart-empty]')).not.toBeNull();
    expect(document.querySelector('[data-chart=count] [data-chart-empty]')).toBeNull();
    expect(document.querySelector('[data-chart=share] [data-chart-empty]')).toBeNull();
  });
});
