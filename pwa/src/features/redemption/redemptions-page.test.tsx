// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Redemption } from '../../../../core/contracts/redemption';
import { persistQueries } from '../../lib/query-persistence';
import { renderWithApp, stubFetch } from '../../test/render-with-app';
import { redemptionKeys } from './queries';
import { RedemptionsPage } from './redemptions-page';

const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const row = (id: number, status: number, name: string): Redemption => ({ id, user_id: 1, key: `${KEY.slice(0, 30)}${id}${id}`, status, name, quota: 500000, created_time: 1700000000, redeemed_time: 0, used_user_id: status === 3 ? 42 : 0 });
const items = [row(3, 1, 'fresh'), row(2, 3, 'spent'), row(1, 2, 'paused')];
const search = { page: 1, size: 10, sort: '', keyword: '' };

const openMenu = (name: string) => {
  const tr = screen.getByText(name).closest('tr')!;
  fireEvent.keyDown(within(tr).getByRole('button', { name: '更多' }), { key: 'Enter' });
};

describe('RedemptionsPage', () => {
  let calls: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    localStorage.clear();
    calls = stubFetch({
      '/api/status': { success: true, data: { display_in_currency: true, quota_per_unit: 500000, setup: true } },
      '/api/redemption/': { success: true, message: '', data: { items, total: 3, page: 1, page_size: 10 } },
    });
  });
  afterEach(cleanup);

  it('lists codes with masked keys, the redeemer and the status, and asks for a selection before bulk actions', async () => {
    renderWithApp(<RedemptionsPage search={search} onSearchChange={() => {}} />, '/redemption');
    await screen.findByText('fresh');
    expect(document.body.textContent).not.toContain(items[0]!.key);
    expect(screen.getAllByText(/^a1b2\*{10}/).length).toBe(3);
    expect(within(screen.getByText('spent').closest('tr')!).getByText('42')).toBeTruthy();
    expect(within(screen.getByText('spent').closest('tr')!).getByText('已使用')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /删除所选兑换码/ }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.init?.method === 'DELETE')).toBe(false);
  });

  it('edits only unused codes and never re-enables a used one', async () => {
    renderWithApp(<RedemptionsPage search={search} onSearchChange={() => {}} />, '/redemption');
    await screen.findByText('fresh');
    const edit = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('button', { name: /编辑/ }) as HTMLButtonElement;
    expect([edit('fresh').disabled, edit('spent').disabled, edit('paused').disabled]).toEqual([false, true, true]);
    openMenu('spent');
    expect((await screen.findByRole('menuitem', { name: /启用/ })).getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    openMenu('fresh');
    fireEvent.click(await screen.findByRole('menuitem', { name: /禁用/ }));
    await waitFor(() => expect(calls.find((c) => c.init?.method === 'PUT')?.url).toBe('/api/redemption/?status_only=true'));
    expect(JSON.parse(String(calls.find((c) => c.init?.method === 'PUT')?.init?.body))).toEqual({ id: 3, status: 2 });
  });

  it('deletes the selected codes one by one after confirming', async () => {
    renderWithApp(<RedemptionsPage search={search} onSearchChange={() => {}} />, '/redemption');
    await screen.findByText('fresh');
    for (const name of ['fresh', 'paused']) fireEvent.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /删除所选兑换码/ }));
    expect(await screen.findByText('确定删除所选的 2 个兑换码？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.filter((c) => c.init?.method === 'DELETE').map((c) => c.url)).toEqual(['/api/redemption/3/', '/api/redemption/1/']));
  });
});

describe('redemption keys offline', () => {
  it('are masked in the persisted cache, like token keys', () => {
    localStorage.clear();
    const client = new QueryClient();
    client.getQueryCache().build(client, { queryKey: redemptionKeys.list({ page: 1, size: 10, keyword: '' }), meta: { persist: true } }).setData({ items, total: 3 });
    persistQueries(client, 1);
    const saved = localStorage.getItem('ferryman-query-cache') ?? '';
    for (const code of items) expect(saved).not.toContain(code.key);
    expect(saved).toContain('a1b2**********');
  });
});

describe('created keys', () => {
  afterEach(cleanup);
  it('are shown in full once and downloaded as <name>.txt, one key a line', async () => {
    const { CreatedKeysDialog } = await import('./created-keys-dialog');
    const createObjectURL = vi.fn((_: Blob) => 'blob:keys');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWithApp(<CreatedKeysDialog batch={{ name: '$0.20', keys: ['k1', 'k2'] }} onClose={() => {}} />);
    expect(await screen.findByText('k1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /下载文本文件/ }));
    expect(names).toEqual(['$0.20.txt']);
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('k1\nk2\n');
    click.mockRestore();
  });
});
