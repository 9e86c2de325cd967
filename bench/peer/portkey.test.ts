import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkTarget } from '../runner/check-target.js';
import { startChildServer } from '../runner/child-server.js';
import { LONG_STREAM_CHUNKS, LONG_STREAM_MOCK_KEY, longStreamTarget, scenarioBody, scenarioHeaders, type Target } from '../runner/scenario.js';
import { portkeyHeaders, startPortkey } from './portkey.js';

// The peer as the benchmark runs it: its own process on @hono/node-server 1.13.5, in front of the mock.
describe('Portkey gateway as the bench peer', () => {
  it('relays answers and streams from the mock, passes the key on, and stops on close', async () => {
    const mock = await startChildServer(new URL('../mock-upstream.ts', import.meta.url), ['--port', '0', '--no-record'], 'MOCK_UPSTREAM_LISTENING');
    // Inside the repository (git-ignored), so the modules Portkey does not nest resolve from node_modules above.
    const dir = fileURLToPath(new URL('../results/portkey-test/', import.meta.url));
    const portkey = await startPortkey(dir);
    try {
      const target: Target = { name: 'portkey', url: portkey.url, key: 'mock-ok', headers: portkeyHeaders(mock.url), longStreamKey: LONG_STREAM_MOCK_KEY };
      // A stream through Portkey's bundled @hono/node-server 1.19 fails here ("immutable" headers).
      await checkTarget(target, 'non-stream');
      await checkTarget(target, 'stream');
      const long = longStreamTarget(target);
      const text = await (await fetch(`${portkey.url}/v1/chat/completions`, { method: 'POST', headers: scenarioHeaders(long), body: scenarioBody('stream') })).text();
      const contentEvents = text.split('\n').filter((line) => line.startsWith('data: {') && line.includes('"content"'));
      expect(contentEvents).toHaveLength(LONG_STREAM_CHUNKS);
    } finally {
      await portkey.close();
      await mock.close();
      await rm(dir, { recursive: true, force: true });
    }
    await expect(fetch(`${portkey.url}/`)).rejects.toThrow();
  }, 90_000);
});
