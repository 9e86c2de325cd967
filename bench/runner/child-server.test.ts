import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
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

describe('orphaned bench servers', () => {
  it('exit when their parent dies without stopping them', async () => {
    // sh starts the mock and prints its port; killing sh with SIGKILL orphans the mock.
    const script = 'node --import tsx bench/mock-upstream.ts --port 0 --no-record';
    const shell = spawn('sh', ['-c', `${script} & wait`], { cwd: fileURLToPath(new URL('../../', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(createInterface({ input: shell.stdout }), 'line')) as [string];
    const url = `http://127.0.0.1:${line.split(' ')[1]}`;
    expect((await fetch(`${url}/v1/models`)).status).toBe(200);
    shell.kill('SIGKILL');
    let alive = true;
    for (let i = 0; i < 50 && alive; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      alive = await fetch(`${url}/v1/models`).then(() => true, () => false);
    }
    expect(alive).toBe(false);
  });
});
