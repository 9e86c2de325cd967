// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubFetch } from '../../test/render-with-app';
import { applicationServerKey } from './browser-push';
import { PushAlertsCard } from './push-alerts-card';

const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://push.example.com/send/abc';

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON(): PushSubscriptionJSON;
  unsubscribe: ReturnType<typeof vi.fn>;
}

/** A browser with push: a service worker registration whose pushManager hands out one subscription. */
function fakePushBrowser(permission: NotificationPermission = 'granted') {
  let current: FakeSubscription | null = null;
  const subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
    current = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: options.applicationServerKey.buffer as ArrayBuffer },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p256', auth: 'auth' } }),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    };
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  Object.defineProperty(window, 'PushManager', { value: class {}, configurable: true });
  Object.defineProperty(window, 'Notification', { value: { permission: 'default', requestPermission: async () => permission }, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', { value: { getRegistration: async () => registration, ready: Promise.resolve(registration) }, configurable: true });
  return { subscribe, current: () => current };
}

const signIn = () => localStorage.setItem('user', JSON.stringify({ id: 1, username: 'ops', role: 10, status: 1 }));
const statusOf = (devices: number, threshold = 0) => ({ success: true, message: '', data: { public_key: PUBLIC_KEY, devices, channel_balance_threshold: threshold } });
const sent = (calls: { url: string; init?: RequestInit }[], method: string, url: string) => calls.filter((c) => c.init?.method === method && c.url === url);

describe('PushAlertsCard', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    for (const name of ['PushManager', 'Notification'] as const) Reflect.deleteProperty(window, name);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.restoreAllMocks();
  });

  it('explains an unsupported browser, still sends a test to the other devices', async () => {
    const calls = stubFetch({ '/api/push/test': { success: true, message: '', data: { sent: 2, failed: 0 } }, '/api/push/': statusOf(2) });
    renderWithApp(<PushAlertsCard />, '/personal');
    await screen.findByText('已订阅设备：2 台');
    expect(screen.getByText('不支持推送')).toBeTruthy();
    expect(screen.getByText(/iPhone 和 iPad 请先将控制台添加到主屏幕/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /在本设备开启推送/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /发送测试通知/ }));
    await waitFor(() => expect(sent(calls, 'POST', '/api/push/test')).toHaveLength(1));
  });

  it('subscribes this browser with the server key and registers it in the console language', async () => {
    const browser = fakePushBrowser();
    const calls = stubFetch({ '/api/push/subscribe': { success: true, message: '' }, '/api/push/': statusOf(0) });
    renderWithApp(<PushAlertsCard />, '/personal');
    await screen.findByText('已订阅设备：0 台');
    expect(screen.getByText('未开启推送').getAttribute('data-push-state')).toBe('off');
    expect((screen.getByRole('button', { name: /发送测试通知/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /在本设备开启推送/ }));
    await waitFor(() => expect(sent(calls, 'POST', '/api/push/subscribe')).toHaveLength(1));
    expect(browser.subscribe.mock.calls[0]![0]).toEqual({ userVisibleOnly: true, applicationServerKey: applicationServerKey(PUBLIC_KEY) });
    expect(applicationServerKey(PUBLIC_KEY)).toHaveLength(65);
    expect(JSON.parse(String(sent(calls, 'POST', '/api/push/subscribe')[0]!.init!.body))).toEqual({ endpoint: ENDPOINT, keys: { p256dh: 'p256', auth: 'auth' }, lang: 'zh-CN' });
    await screen.findByText('已开启推送');
  });

  it('undoes the browser subscription when the server refuses it', async () => {
    const browser = fakePushBrowser();
    stubFetch({ '/api/push/subscribe': { success: false, message: '无效的参数' }, '/api/push/': statusOf(0) });
    renderWithApp(<PushAlertsCard />, '/personal');
    await screen.findByText(/^已订阅设备/);
    fireEvent.click(screen.getByRole('button', { name: /在本设备开启推送/ }));
    await waitFor(() => expect(browser.subscribe).toHaveBeenCalled());
    await waitFor(() => expect(browser.current()).toBeNull());
    expect(screen.getByText('未开启推送')).toBeTruthy();
  });

  it('does not subscribe without notification permission', async () => {
    const browser = fakePushBrowser('denied');
    const requestPermission = vi.spyOn(Notification, 'requestPermission');
    const calls = stubFetch({ '/api/push/': statusOf(0) });
    renderWithApp(<PushAlertsCard />, '/personal');
    await screen.findByText(/^已订阅设备/);
    fireEvent.click(screen.getByRole('button', { name: /在本设备开启推送/ }));
    await waitFor(() => expect(requestPermission).toHaveBeenCalled());
    await waitFor(() => expect((screen.getByRole('button', { name: /在本设备开启推送/ }) as HTMLButtonElement).disabled).toBe(false));
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(sent(calls, 'POST', '/api/push/subscribe')).toEqual([]);
  });

  it('unsubscribes on the server first, then in the browser', async () => {
    const browser = fakePushBrowser();
    const calls = stubFetch({ '/api/push/subscribe': { success: true, message: '' }, '/api/push/': statusOf(1) });
    renderWithApp(<PushAlertsCard />, '/personal');
    await screen.findByText(/^已订阅设备/);
    fireEvent.click(screen.getByRole('button', { name: /在本设备开启推送/ }));
    fireEvent.click(await screen.findByRole('button', { name: /关闭本设备推送/ }));
    await waitFor(() => expect(browser.current()).toBeNull());
    expect(JSON.parse(String(sent(calls, 'DELETE', '/api/push/subscribe')[0]!.init!.body))).toEqual({ endpoint: ENDPOINT });
  });

  it('checks the balance threshold before saving it, and saves only a change', async () => {
    const warning = vi.spyOn(toast, 'warning');
    const calls = stubFetch({ '/api/push/preferences': { success: true, message: '' }, '/api/push/': statusOf(1, 5) });
    renderWithApp(<PushAlertsCard />, '/personal');
    const input = (await screen.findByLabelText('渠道余额提醒值（美元）')) as HTMLInputElement;
    expect(input.value).toBe('5');
    const save = screen.getByRole('button', { name: '保存' });
    fireEvent.change(input, { target: { value: '-3' } });
    fireEvent.click(save);
    expect(await screen.findByText('请输入有效的数字', { selector: 'p' })).toBeTruthy();
    fireEvent.change(input, { target: { value: '5.0' } });
    fireEvent.click(save);
    await waitFor(() => expect(warning).toHaveBeenCalledWith('你似乎并没有修改什么'));
    expect(sent(calls, 'PUT', '/api/push/preferences')).toEqual([]);
    fireEvent.change(input, { target: { value: '12.5' } });
    fireEvent.click(save);
    await waitFor(() => expect(sent(calls, 'PUT', '/api/push/preferences')).toHaveLength(1));
    expect(JSON.parse(String(sent(calls, 'PUT', '/api/push/preferences')[0]!.init!.body))).toEqual({ channel_balance_threshold: 12.5 });
  });
});
