// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { MultiKeyManager } from './multi-key-manager';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const DISABLED_AT = 1_750_000_000;

/** Three keys: one enabled, one disabled by hand, one disabled by the relay with its reason and time. */
function keyPage(autoCount: number) {
  const keys = [
    { index: 0, status: 1, key_preview: 'sk-aaaaaaa...' },
    { index: 1, status: 2, key_preview: 'sk-bbbbbbb...', disabled_time: DISABLED_AT },
    ...(autoCount ? [{ index: 2, status: 3, key_preview: 'sk-ccccccc...', reason: 'invalid api key', disabled_time: DISABLED_AT }] : []),
  ];
  return { keys, total: keys.length, page: 1, page_size: 10, total_pages: 1, enabled_count: 1, manual_disabled_count: 1, auto_disabled_count: autoCount };
}

/** The manage route by action: reads answer the page, writes answer the server's message. */
function stubManage(autoCount = 1) {
  const sent: Record<string, unknown>[] = [];
  globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    sent.push(body);
    const answer = body.action === 'get_key_status' ? { success: true, message: '', data: keyPage(autoCount) } : { success: true, message: `done ${String(body.action)}` };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return { writes: () => sent.filter((b) => b.action !== 'get_key_status') };
}

const row = (index: number) => document.querySelector(`[data-key-index="${index}"]`) as HTMLElement;

describe('MultiKeyManager', () => {
  beforeEach(() => {
    toast.success.mockReset();
  });
  afterEach(cleanup);

  it('lists each key by preview with its state, and the reason and time of an automatic disable', async () => {
    stubManage();
    renderWithApp(<MultiKeyManager channelId={7} />);
    await screen.findByText('sk-ccccccc...');
    expect(screen.getByText('已启用 1 个，手动禁用 1 个，自动禁用 1 个')).toBeTruthy();
    expect(within(row(0)).getByText('已启用')).toBeTruthy();
    expect(within(row(1)).getByText('已禁用')).toBeTruthy();
    expect(within(row(2)).getByText('自动禁用')).toBeTruthy();
    expect(row(2).querySelector('[data-key-reason]')?.textContent).toMatch(/^原因：invalid api key · 时间：\d{4}-/);
    expect(row(0).querySelector('[data-key-reason]')).toBeNull();
  });

  it('enables one key, disables another and enables all, with the channel id and key index', async () => {
    const { writes } = stubManage();
    renderWithApp(<MultiKeyManager channelId={7} />);
    await screen.findByText('sk-ccccccc...');
    fireEvent.click(within(row(2)).getByRole('button', { name: '启用' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('done enable_key'));
    fireEvent.click(within(row(0)).getByRole('button', { name: '禁用' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('done disable_key'));
    fireEvent.click(screen.getByRole('button', { name: '启用全部密钥' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('done enable_all_keys'));
    expect(writes()).toEqual([
      { channel_id: 7, action: 'enable_key', key_index: 2 },
      { channel_id: 7, action: 'disable_key', key_index: 0 },
      { channel_id: 7, action: 'enable_all_keys' },
    ]);
  });

  it('deletes the automatically disabled keys only after confirming', async () => {
    const { writes } = stubManage();
    renderWithApp(<MultiKeyManager channelId={7} />);
    await screen.findByText('sk-ccccccc...');
    fireEvent.click(screen.getByRole('button', { name: '删除自动禁用的密钥' }));
    await screen.findByText('确定删除 1 个自动禁用的密钥？');
    expect(writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(writes()).toEqual([{ channel_id: 7, action: 'delete_disabled_keys' }]));
  });

  it('offers no deletion when no key was disabled automatically', async () => {
    stubManage(0);
    renderWithApp(<MultiKeyManager channelId={7} />);
    await screen.findByText('sk-bbbbbbb...');
    expect((screen.getByRole('button', { name: '删除自动禁用的密钥' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
