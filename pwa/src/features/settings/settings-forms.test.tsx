// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render-with-app';
import type { OptionMap } from './api';
import { OptionSection } from './option-section';
import { ClearLogsForm } from './operation/clear-logs-form';
import { generalSection } from './operation/operation-sections';
import { rateLimitSection } from './rate-limit/rate-limit-section';
import { EmailWhitelistSection } from './system/email-whitelist-section';
import { loginSection, paymentNeedsServer, paymentSection } from './system/system-sections';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const OPTIONS: OptionMap = {
  TopUpLink: '',
  'general_setting.docs_link': 'https://docs.newapi.pro',
  QuotaPerUnit: '500000',
  RetryTimes: '0',
  StreamCacheQueueLength: '0',
  DisplayInCurrencyEnabled: 'true',
  PasswordLoginEnabled: 'true',
  PasswordRegisterEnabled: 'true',
  ServerAddress: '',
  PayAddress: '',
  EpayId: '',
  CustomCallbackAddress: '',
  Price: '7.3',
  MinTopUp: '1',
  TopupGroupRatio: '{"default":1}',
  ModelRequestRateLimitEnabled: 'false',
  ModelRequestRateLimitDurationMinutes: '1',
  ModelRequestRateLimitCount: '0',
  ModelRequestRateLimitSuccessCount: '1000',
  ModelRequestRateLimitGroup: '{}',
  EmailDomainRestrictionEnabled: 'false',
  EmailAliasRestrictionEnabled: 'false',
  EmailDomainWhitelist: 'gmail.com,qq.com',
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The option API: PUTs of keys in `refuse` answer success:false with a message. */
function stubOptionApi(refuse: Record<string, string> = {}) {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    let answer: unknown = { success: true, message: '' };
    if (method === 'PUT' && body && refuse[body.key]) answer = { success: false, message: refuse[body.key] };
    if (method === 'GET' && url.startsWith('/api/option/')) answer = { success: true, data: Object.entries(OPTIONS).map(([key, value]) => ({ key, value })) };
    if (method === 'DELETE') answer = { success: true, message: '', data: 7 };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}
/** The memory router renders on the next tick. */
async function mount(element: Parameters<typeof renderWithApp>[0]) {
  renderWithApp(element);
  await waitFor(() => expect(document.querySelector('[data-settings-section], [data-clear-logs]')).not.toBeNull());
}
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
const input = (key: string) => document.querySelector(`[data-option="${key}"]`) as HTMLInputElement;
const save = () => fireEvent.click(screen.getAllByRole('button').find((b) => b.hasAttribute('data-save-section'))!);

describe('settings sections', () => {
  let calls: Call[];
  beforeEach(() => {
    calls = stubOptionApi();
    for (const fn of Object.values(toast)) fn.mockClear();
  });
  afterEach(cleanup);

  it('say 你似乎并没有修改什么 and send nothing when nothing changed', async () => {
    await mount(<OptionSection def={generalSection} options={OPTIONS} />);
    save();
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('你似乎并没有修改什么'));
    expect(puts(calls)).toEqual([]);
  });

  it('save only the changed key, one PUT per key', async () => {
    await mount(<OptionSection def={generalSection} options={OPTIONS} />);
    fireEvent.change(input('RetryTimes'), { target: { value: '3' } });
    fireEvent.change(input('TopUpLink'), { target: { value: 'https://shop.example/buy' } });
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('保存成功'));
    expect(puts(calls)).toEqual([
      { key: 'TopUpLink', value: 'https://shop.example/buy' },
      { key: 'RetryTimes', value: '3' },
    ]);
  });

  it('say 部分保存失败，请重试 when one of several keys is refused', async () => {
    calls = stubOptionApi({ RetryTimes: 'RetryTimes 的值必须是整数' });
    await mount(<OptionSection def={generalSection} options={OPTIONS} />);
    fireEvent.change(input('RetryTimes'), { target: { value: '2' } });
    fireEvent.change(input('TopUpLink'), { target: { value: 'x' } });
    save();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('部分保存失败，请重试', { description: 'RetryTimes 的值必须是整数' }));
    expect(puts(calls)).toHaveLength(2);
  });

  it('check numbers before sending (请检查输入, the field says why)', async () => {
    await mount(<OptionSection def={rateLimitSection} options={OPTIONS} />);
    fireEvent.change(input('ModelRequestRateLimitSuccessCount'), { target: { value: '0' } });
    save();
    expect(await screen.findByText('不能小于 1')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('请检查输入');
    expect(puts(calls)).toEqual([]);
  });

  it('check JSON areas on blur (不是合法的 JSON 字符串) and group limits before saving', async () => {
    await mount(<OptionSection def={rateLimitSection} options={OPTIONS} />);
    const area = input('ModelRequestRateLimitGroup');
    fireEvent.change(area, { target: { value: '{"vip": [1, 2' } });
    expect(screen.queryByText('不是合法的 JSON 字符串')).toBeNull();
    fireEvent.blur(area);
    expect(await screen.findByText('不是合法的 JSON 字符串')).toBeTruthy();
    fireEvent.change(area, { target: { value: '{"vip": [5, 0]}' } });
    expect(screen.queryByText('不是合法的 JSON 字符串')).toBeNull();
    save();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('请检查输入'));
    expect(puts(calls)).toEqual([]);
    fireEvent.change(area, { target: { value: '{"vip": [5, 1]}' } });
    save();
    await waitFor(() => expect(puts(calls)).toEqual([{ key: 'ModelRequestRateLimitGroup', value: '{"vip": [5, 1]}' }]));
  });

  it('strip trailing slashes and send secrets only when typed', async () => {
    const options = { ...OPTIONS, ServerAddress: 'https://gw.example' };
    await mount(<OptionSection def={paymentSection} options={options} hooks={{ check: paymentNeedsServer }} />);
    fireEvent.change(input('PayAddress'), { target: { value: 'https://pay.example/' } });
    save();
    await waitFor(() => expect(puts(calls)).toEqual([{ key: 'PayAddress', value: 'https://pay.example' }]));
    fireEvent.change(input('EpayKey'), { target: { value: 'epay-secret' } });
    save();
    await waitFor(() => expect(puts(calls)).toContainEqual({ key: 'EpayKey', value: 'epay-secret' }));
    await waitFor(() => expect(input('EpayKey').value).toBe(''));
  });

  it('refuse payment settings before the server address (请先填写服务器地址)', async () => {
    await mount(<OptionSection def={paymentSection} options={OPTIONS} hooks={{ check: paymentNeedsServer }} />);
    fireEvent.change(input('Price'), { target: { value: '7' } });
    save();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('请先填写服务器地址'));
    expect(puts(calls)).toEqual([]);
  });

  it('save a switch at once as "true"/"false"', async () => {
    await mount(<OptionSection def={loginSection} options={OPTIONS} />);
    fireEvent.click(input('PasswordRegisterEnabled'));
    await waitFor(() => expect(puts(calls)).toEqual([{ key: 'PasswordRegisterEnabled', value: 'false' }]));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('更新成功'));
  });

  it('ask before turning password login off; cancelling leaves it on', async () => {
    await mount(<OptionSection def={loginSection} options={OPTIONS} />);
    fireEvent.click(input('PasswordLoginEnabled'));
    expect(await screen.findByText(/取消密码登录将导致所有未绑定其他登录方式的用户/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(input('PasswordLoginEnabled').getAttribute('aria-checked')).toBe('true');
    expect(puts(calls)).toEqual([]);
    fireEvent.click(input('PasswordLoginEnabled'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ key: 'PasswordLoginEnabled', value: 'false' }]));
  });
});

describe('email domain whitelist', () => {
  let calls: Call[];
  beforeEach(() => {
    calls = stubOptionApi();
    for (const fn of Object.values(toast)) fn.mockClear();
  });
  afterEach(cleanup);

  it('refuses bad and duplicate domains and saves the list comma-separated', async () => {
    await mount(<EmailWhitelistSection options={OPTIONS} />);
    const field = screen.getByLabelText('添加新的允许的邮箱域名');
    const add = () => fireEvent.click(screen.getByRole('button', { name: /填入/ }));
    fireEvent.change(field, { target: { value: 'not a domain' } });
    add();
    expect(toast.error).toHaveBeenCalledWith('邮箱域名格式不正确，请输入有效的域名，如 gmail.com');
    fireEvent.change(field, { target: { value: 'qq.com' } });
    add();
    expect(toast.error).toHaveBeenCalledWith('该域名已存在于白名单中');
    save();
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('你似乎并没有修改什么'));
    fireEvent.change(field, { target: { value: 'example.org' } });
    add();
    fireEvent.click(screen.getByRole('button', { name: '移除 gmail.com' }));
    save();
    await waitFor(() => expect(puts(calls)).toEqual([{ key: 'EmailDomainWhitelist', value: 'qq.com,example.org' }]));
  });
});

describe('clearing logs', () => {
  let calls: Call[];
  beforeEach(() => {
    calls = stubOptionApi();
    for (const fn of Object.values(toast)) fn.mockClear();
  });
  afterEach(cleanup);

  it('defaults to one month ago, needs a date, and deletes after confirming', async () => {
    await mount(<ClearLogsForm />);
    const field = screen.getByLabelText('清除此时间之前的日志') as HTMLInputElement;
    const expected = new Date();
    expected.setMonth(expected.getMonth() - 1);
    expect(field.value.slice(0, 7)).toBe(`${expected.getFullYear()}-${String(expected.getMonth() + 1).padStart(2, '0')}`);
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /清除历史日志/ }));
    expect(toast.error).toHaveBeenCalledWith('请选择日志记录时间');
    fireEvent.change(field, { target: { value: '2025-01-02T03:04' } });
    fireEvent.click(screen.getByRole('button', { name: /清除历史日志/ }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('7 条日志已清理！'));
    const target = Math.floor(new Date('2025-01-02T03:04').getTime() / 1000);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/log/?target_timestamp=${target}`]);
  });
});
