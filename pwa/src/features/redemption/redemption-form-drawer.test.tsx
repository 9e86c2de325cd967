// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Redemption } from '../../../../core/contracts/redemption';
import { renderWithApp, stubFetch } from '../../test/render-with-app';
import { RedemptionFormDrawer } from './redemption-form-drawer';

const status = { success: true, data: { display_in_currency: true, quota_per_unit: 500000, setup: true } };
const code: Redemption = { id: 7, user_id: 1, key: '0123456789abcdef0123456789abcdef', status: 1, name: 'launch', quota: 500000, created_time: 1, redeemed_time: 0, used_user_id: 0 };

function writes(calls: ReturnType<typeof stubFetch>) {
  return calls.filter((c) => c.url.startsWith('/api/redemption/') && c.init?.method !== 'GET').map((c) => ({ method: c.init?.method, body: JSON.parse(String(c.init?.body)) }));
}

async function openDrawer(existing: Redemption | null, onCreated = vi.fn()) {
  renderWithApp(<RedemptionFormDrawer open code={existing} onOpenChange={() => {}} onCreated={onCreated} />);
  await screen.findByLabelText(/名称/);
  return onCreated;
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }));

describe('RedemptionFormDrawer', () => {
  let calls: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    localStorage.clear();
    calls = stubFetch({ '/api/status': status, '/api/redemption/': { success: true, message: '', data: ['k1', 'k2'] } });
  });
  afterEach(cleanup);

  it('creates with the defaults, naming an unnamed batch after its formatted quota, and hands back the keys', async () => {
    const onCreated = await openDrawer(null);
    expect(field(/额度/).value).toBe('100000');
    expect(field(/生成数量/).value).toBe('1');
    fireEvent.change(field(/生成数量/), { target: { value: '2' } });
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(['k1', 'k2'], '$0.20'));
    expect(writes(calls)).toEqual([{ method: 'POST', body: { name: '$0.20', quota: 100000, count: 2 } }]);
  });

  it.each([
    ['生成数量', '0', '生成数量必须是 1 到 100 之间的整数'],
    ['生成数量', '101', '生成数量必须是 1 到 100 之间的整数'],
    ['生成数量', '2.5', '生成数量必须是 1 到 100 之间的整数'],
    ['额度', '0', '兑换码额度必须是大于 0 的整数'],
    ['额度', '1.5', '兑换码额度必须是大于 0 的整数'],
    ['名称', '一二三四五六七八九十一二三四五六七八九十一', '兑换码名称长度必须在1-20之间'],
  ])('refuses %s = %s with “%s” and sends nothing', async (label, value, message) => {
    await openDrawer(null);
    fireEvent.change(field(new RegExp(label)), { target: { value } });
    submit();
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(writes(calls)).toEqual([]);
  });

  it('accepts a 20-character name and a 100-code batch (the limits themselves)', async () => {
    const onCreated = await openDrawer(null);
    fireEvent.change(field(/名称/), { target: { value: '一二三四五六七八九十一二三四五六七八九十' } });
    fireEvent.change(field(/生成数量/), { target: { value: '100' } });
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(writes(calls)[0]?.body).toMatchObject({ name: '一二三四五六七八九十一二三四五六七八九十', count: 100 });
  });

  it('edits name and quota of an unused code; the name stays required and there is no count', async () => {
    await openDrawer(code);
    expect(field(/名称/).value).toBe('launch');
    expect(screen.queryByLabelText(/生成数量/)).toBeNull();
    fireEvent.change(field(/名称/), { target: { value: ' ' } });
    submit();
    expect((await screen.findAllByText('请输入名称')).length).toBeGreaterThan(0);
    expect(writes(calls)).toEqual([]);
    fireEvent.change(field(/名称/), { target: { value: 'renamed' } });
    fireEvent.click(screen.getByRole('button', { name: '$10' }));
    submit();
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'PUT', body: { id: 7, name: 'renamed', quota: 5000000 } }]));
  });
});
