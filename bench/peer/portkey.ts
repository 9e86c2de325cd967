// The peer in the benchmark: Portkey's AI gateway (npm @portkey-ai/gateway), run as its own node server
// the way its README starts it (`node build/start-server.js`), in front of the mock upstream.
//
// Its package brings @hono/node-server 1.19 in a nested node_modules, with which its streaming answers fail
// ("TypeError: immutable" appending a header to the upstream's response), so it must run on 1.13.5, the
// version pinned in our devDependencies. A resolve hook would do it but keeps a loader thread in the measured
// process; instead its bundle is copied beside a node_modules of links that resolve @hono/node-server to the
// pinned copy and every other nested dependency (zod 3, ioredis 5…) to Portkey's own.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdir, readdir, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ChildServer } from '../runner/child-server.js';

const ROOT_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const PACKAGE = join(ROOT_MODULES, '@portkey-ai/gateway');
const PINNED = { '@hono/node-server': join(ROOT_MODULES, '@hono/node-server') };
const READY_LINE = 'Ready for connections';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

/** Headers that make Portkey forward an OpenAI request to `upstreamUrl` (its `x-portkey-custom-host`). */
export function portkeyHeaders(upstreamUrl: string): Record<string, string> {
  return { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${upstreamUrl}/v1` };
}

/** The package's nested dependencies, as `name → directory`, with the pinned ones swapped in. */
async function dependencyLinks(): Promise<Map<string, string>> {
  const nested = join(PACKAGE, 'node_modules');
  const links = new Map<string, string>();
  for (const entry of await readdir(nested)) {
    if (entry.startsWith('.')) continue;
    const names = entry.startsWith('@') ? (await readdir(join(nested, entry))).map((n) => `${entry}/${n}`) : [entry];
    for (const name of names) links.set(name, join(nested, name));
  }
  for (const [name, dir] of Object.entries(PINNED)) links.set(name, dir);
  return links;
}

/** Copies the bundle into `dir` with its node_modules of links; returns the script to run. */
async function prepare(dir: string): Promise<string> {
  await rm(dir, { recursive: true, force: true });
  for (const [name, target] of await dependencyLinks()) {
    const link = join(dir, 'node_modules', name);
    await mkdir(join(link, '..'), { recursive: true });
    await symlink(target, link, 'dir');
  }
  const script = join(dir, 'start-server.js');
  await copyFile(join(PACKAGE, 'build/start-server.js'), script);
  return script;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

// Portkey has no exit-with-parent switch: this preload, run in its main thread, stops it when the runner
// dies without stopping it (its parent pid changes), like the other bench servers.
const EXIT_WITH_PARENT = `data:text/javascript,const p=process.ppid;setInterval(()=>{if(process.ppid!==p)process.exit(0)},1000).unref();`;

/**
 * Starts Portkey on a free loopback port. `dir` holds its copy and must lie inside the repository (the runner
 * uses the git-ignored bench/results/portkey/): the dependencies Portkey does not nest resolve from the
 * repository's node_modules above it.
 */
export async function startPortkey(dir: string): Promise<ChildServer> {
  const script = await prepare(dir);
  const port = await freePort();
  // production + --headless: no log console page, as a deployment runs it.
  const child = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, script, `--port=${port}`, '--headless'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output = (output + text).slice(-4000)));
  const exited = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`Portkey gateway: ${why}\n${output}`));
    const timer = setTimeout(() => fail(`no "${READY_LINE}" within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
    child.once('exit', (code) => fail(`exited with code ${code} before it was ready`));
    createInterface({ input: child.stdout }).on('line', (line) => {
      output = (output + line + '\n').slice(-4000);
      if (!line.includes(READY_LINE)) return;
      clearTimeout(timer);
      resolve();
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    port,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
