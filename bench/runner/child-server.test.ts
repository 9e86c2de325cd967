import { describe, expect, it } from 'vitest';
import { startChildServer } from './child-server.js';

// The CLI contracts other packages rely on: `tsx bench/mock-upstream.ts --port 0`
// prints MOCK_UPSTREAM_LISTENING <port>, bare-proxy prints BARE_PROXY_LISTENING <port>.
describe('bench servers as child processes', () => {
  it('start, announce their port, serve, and stop on close', async () => {
    const mock = await startChildServer(new URL('../mock-upstream.ts', import.meta.url), ['--port', '0'], 'MOCK_UPSTREAM_LISTENING');
    const proxy = await startChildServer(new URL('../bare-proxy.ts', import.meta.url), ['--port', '0', '--target', mock.url], 'BARE_PROXY_LISTENING');
    try {
      const response = await fetch(`${proxy.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(200);
      const records = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as unknown[];
      expect(records).toHaveLength(1);
    } finally {
      await proxy.close();
      await mock.close();
    }
    await expect(fetch(`${mock.url}/v1/models`)).rejects.toThrow();
  });

  it('honours --no-record', async () => {
    const mock = await startChildServer(new URL('../mock-upstream.ts', import.meta.url), ['--port', '0', '--no-record'], 'MOCK_UPSTREAM_LISTENING');
    try {
      await fetch(`${mock.url}/v1/models`);
      expect(await (await fetch(`${mock.url}/__mock/requests`)).json()).toEqual([]);
    } finally {
      await mock.close();
    }
  });

  it('reports a server that exits before announcing itself', async () => {
    await expect(
      startChildServer(new URL('../bare-proxy.ts', import.meta.url), ['--port', '0'], 'BARE_PROXY_LISTENING'),
    ).rejects.toThrow(/exited with code 2/);
  });
});
