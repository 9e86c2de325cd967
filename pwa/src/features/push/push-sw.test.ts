import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type Listener = (event: FakeEvent) => void;
interface FakeEvent {
  data?: { json(): unknown; text(): string } | null;
  notification?: { data: { url?: string } | null; close(): void };
  waitUntil(p: Promise<unknown>): void;
}

/** Runs public/push-sw.js against a stand-in service worker global and records what it does. */
function loadWorker(windows: { url: string; navigated?: string; focused?: boolean }[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: 'https://gw.example.com' },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    registration: { showNotification: async (title: string, options: NotificationOptions) => void shown.push({ title, options }) },
    clients: {
      matchAll: async () =>
        windows.map((w) => ({
          url: w.url,
          navigate: async (href: string) => {
            w.navigated = href;
            return { focus: async () => void (w.focused = true) };
          },
        })),
      openWindow: async (href: string) => void opened.push(href),
    },
  };
  const source = readFileSync(fileURLToPath(new URL('../../../public/push-sw.js', import.meta.url)), 'utf8');
  new Function('self', source)(self);
  const dispatch = async (type: string, event: Omit<FakeEvent, 'waitUntil'>) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (p) => pending.push(p) });
    await Promise.all(pending);
  };
  return { dispatch, shown, opened };
}

const payload = (value: unknown) => ({ json: () => value, text: () => JSON.stringify(value) });

describe('push service worker', () => {
  it('shows the server’s title, body and tag, with the console icon and the page to open', async () => {
    const w = loadWorker();
    await w.dispatch('push', { data: payload({ title: '充值到账', body: 'alice', tag: 'topup-1', url: '/log?type=1' }) });
    expect(w.shown).toEqual([
      { title: '充值到账', options: { body: 'alice', tag: 'topup-1', icon: '/icons/icon-192.png', badge: '/favicon-32.png', data: { url: '/log?type=1' } } },
    ]);
  });

  it('shows a payload that is not JSON as plain text', async () => {
    const w = loadWorker();
    await w.dispatch('push', { data: { json: () => JSON.parse('not json'), text: () => 'not json' } });
    expect(w.shown[0]).toMatchObject({ title: 'Ferryman', options: { body: 'not json', data: { url: '/' } } });
  });

  it('opens the notification’s page in an open console window, or a new one', async () => {
    const windows = [{ url: 'https://gw.example.com/token' }];
    const w = loadWorker(windows);
    await w.dispatch('notificationclick', { notification: { data: { url: '/channel' }, close: () => {} } });
    expect(windows[0]).toMatchObject({ navigated: 'https://gw.example.com/channel', focused: true });

    const none = loadWorker();
    await none.dispatch('notificationclick', { notification: { data: { url: 'https://evil.example.net/x' }, close: () => {} } });
    expect(none.opened).toEqual(['https://gw.example.com/']);
  });
});
