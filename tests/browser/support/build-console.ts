import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Builds the console into a fresh temporary directory (never touching pwa/dist) with a given build id. */
export async function buildConsole(buildId: string): Promise<string> {
  const outDir = join(mkdtempSync(join(tmpdir(), 'ferryman-pwa-')), 'dist');
  await run(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'pwa/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: repoRoot,
    env: { ...process.env, FERRYMAN_BUILD_ID: buildId },
    maxBuffer: 32 * 1024 * 1024,
  });
  return outDir;
}
