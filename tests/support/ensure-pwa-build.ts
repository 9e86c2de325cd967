import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** vitest global setup: browser tests drive the built console, so build it once if a fresh clone has none. */
export default function ensurePwaBuild(): void {
  if (existsSync(`${ROOT}pwa/dist/index.html`)) return;
  execFileSync(process.execPath, [`${ROOT}node_modules/vite/bin/vite.js`, 'build', '--config', 'pwa/vite.config.ts'], { cwd: ROOT, stdio: 'inherit' });
}
