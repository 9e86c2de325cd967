import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startGateway } from '../support/gateway.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('listening', () => {
  it('refuses to share its port with another gateway instead of splitting traffic', async () => {
    const port = String(await freePort());
    const first = await startGateway({ PORT: port });
    try {
      await expect(startGateway({ PORT: port })).rejects.toThrow(/cannot listen|exited/);
      expect((await fetch(`${first.url}/api/status`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    // two gateway boots: most of a minute on a loaded machine
  }, 180_000);
});
