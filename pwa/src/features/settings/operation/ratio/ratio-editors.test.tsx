// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app';
import type { OptionMap } from '../../api';
import { UnsetModelsTable } from './unset-models-table';
import { VisualRatioEditor } from './visual-ratio-editor';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const OPTIONS: OptionMap = {
  ModelPrice: '{"mj_imagine":0.1}',
  ModelRatio: JSON.stringify(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`model-${String(i).padStart(2, '0')}`, 1]))),
  CompletionRatio: '{}',
};
const ENABLED = ['model-00', 'mj_imagine', 'fresh-a', 'fresh-b', 'fresh-c'];

function stubApi() {
  const puts: unknown[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'PUT') puts.push(JSON.parse(String(init.body)));
    const body = url.startsWith('/api/channel/models_enabled') ? { success: true, data: ENABLED } : { success: true, message: '' };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return puts;
}
const dialog = () => within(screen.getByRole('dialog'));
const typeIn = (label: string, value: string) => fireEvent.change(dialog().getByLabelText(label), { target: { value } });

describe('visual ratio editor', () => {
  let puts: unknown[];
  beforeEach(() => {
    puts = stubApi();
    for (const fn of Object.values(toast)) fn.mockClear();
  });
  afterEach(cleanup);

  it('pages by 10 and searches', async () => {
    renderWithApp(<VisualRatioEditor options={OPTIONS} />);
    await screen.findByText('mj_imagine');
    expect(document.querySelectorAll('tbody tr')).toHaveLength(10);
    expect(screen.getByText('第 1–10 条，共 13 条')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索模型名称'), { target: { value: 'MODEL-1' } });
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(2));
  });

  it('adds a model priced per 1M tokens and saves the ratio it stands for, in the changed maps only', async () => {
    renderWithApp(<VisualRatioEditor options={OPTIONS} />);
    await screen.findByText('mj_imagine');
    fireEvent.click(screen.getByRole('button', { name: /添加模型/ }));
    typeIn('模型名称', 'model-00');
    fireEvent.click(dialog().getByRole('radio', { name: '按价格设置（每 1M tokens）' }));
    typeIn('输入价格（美元 / 1M tokens）', '2.5');
    typeIn('输出价格（美元 / 1M tokens）', '10');
    expect(dialog().getByText('模型倍率 1.25，补全倍率 4')).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: '确定' }));
    expect(await dialog().findByText('模型名称已存在')).toBeTruthy();
    typeIn('模型名称', 'new-model');
    fireEvent.click(dialog().getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /应用更改/ }));
    await waitFor(() => expect(puts).toHaveLength(2));
    const byKey = Object.fromEntries((puts as { key: string; value: string }[]).map((p) => [p.key, JSON.parse(p.value)]));
    expect(Object.keys(byKey)).toEqual(['ModelRatio', 'CompletionRatio']);
    expect(byKey.ModelRatio['new-model']).toBe(1.25);
    expect(byKey.CompletionRatio).toEqual({ 'new-model': 4 });
  });

  it('switching a model to per-request clears its ratios; a price of 0 is refused', async () => {
    renderWithApp(<VisualRatioEditor options={OPTIONS} />);
    await screen.findByText('model-00');
    fireEvent.click(document.querySelector('[data-ratio-edit="model-00"]')!);
    fireEvent.click(dialog().getByRole('radio', { name: '按次计费' }));
    typeIn('固定价格（美元 / 次）', '0');
    fireEvent.click(dialog().getByRole('button', { name: '确定' }));
    expect(await dialog().findByText('模型价格不能为0')).toBeTruthy();
    typeIn('固定价格（美元 / 次）', '0.02');
    fireEvent.click(dialog().getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /应用更改/ }));
    await waitFor(() => expect(puts).toHaveLength(2));
    const byKey = Object.fromEntries((puts as { key: string; value: string }[]).map((p) => [p.key, JSON.parse(p.value)]));
    expect(byKey.ModelPrice).toEqual({ mj_imagine: 0.1, 'model-00': 0.02 });
    expect(byKey.ModelRatio['model-00']).toBeUndefined();
  });

  it('says 你似乎并没有修改什么 when applying nothing', async () => {
    renderWithApp(<VisualRatioEditor options={OPTIONS} />);
    await screen.findByText('mj_imagine');
    fireEvent.click(screen.getByRole('button', { name: /应用更改/ }));
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('你似乎并没有修改什么'));
    expect(puts).toEqual([]);
  });
});

describe('models without ratios', () => {
  let puts: unknown[];
  beforeEach(() => {
    puts = stubApi();
    for (const fn of Object.values(toast)) fn.mockClear();
  });
  afterEach(cleanup);

  it('lists enabled models without price or ratio, fills a batch and saves it', async () => {
    renderWithApp(<UnsetModelsTable options={OPTIONS} />);
    await screen.findByText('fresh-a');
    expect(screen.queryByText('model-00')).toBeNull();
    expect(screen.queryByText('mj_imagine')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /批量设置/ }));
    expect(toast.error).toHaveBeenCalledWith('请先选择需要批量设置的模型');
    fireEvent.change(screen.getByLabelText('fresh-c 模型倍率'), { target: { value: 'x' } });
    expect(toast.error).toHaveBeenCalledWith('请输入数字');
    const rows = document.querySelectorAll('tbody tr');
    for (const row of [rows[0], rows[1]]) fireEvent.click(within(row as HTMLElement).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /批量设置（2）/ }));
    fireEvent.click(dialog().getByRole('button', { name: '确定' }));
    expect(toast.error).toHaveBeenCalledWith('请输入填充值');
    fireEvent.change(dialog().getByRole('textbox', { name: '模型倍率' }), { target: { value: '3' } });
    fireEvent.click(dialog().getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('fresh-a 模型倍率') as HTMLInputElement).value).toBe('3');
    fireEvent.change(screen.getByLabelText('fresh-c 模型固定价格'), { target: { value: '0.5' } });
    expect((screen.getByLabelText('fresh-c 模型倍率') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /应用更改/ }));
    await waitFor(() => expect(puts).toHaveLength(2));
    const byKey = Object.fromEntries((puts as { key: string; value: string }[]).map((p) => [p.key, JSON.parse(p.value)]));
    expect(byKey.ModelPrice).toEqual({ mj_imagine: 0.1, 'fresh-c': 0.5 });
    expect(byKey.ModelRatio).toMatchObject({ 'fresh-a': 3, 'fresh-b': 3, 'model-00': 1 });
  });
});
