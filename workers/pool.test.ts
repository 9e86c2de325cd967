import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type CountTask, runCountTask } from './count-tokens-task.js';
import { createTokenCounter } from './pool.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const url = (file: string): string => pathToFileURL(join(root, file)).href;

// Runs in a child `node --import tsx`, where worker threads inherit the tsx loader and load pool.ts's
// `.ts` worker — the threads vitest cannot give us. Prints one JSON line.
const PROBE = `
import { createTokenCounter } from '${url('workers/pool.ts')}';
import { isEncodingLoaded } from '${url('core/tokenizer/count-text.ts')}';

import { readFileSync } from 'node:fs';
const tasks = JSON.parse(readFileSync(process.argv[2], 'utf8'));

// The default counter: small tasks too go to the pool, so this thread never loads an encoding (the
// encodings stay out of the main thread's memory) and the counts came from worker threads.
const pooled = createTokenCounter();
const fromPool = await Promise.all(tasks.map((t) => pooled.count(t)));
await new Promise((r) => setTimeout(r, 100));
const mainThreadLoaded = isEncodingLoaded('cl100k_base') || isEncodingLoaded('o200k_base');

const failure = await pooled.count({ kind: 'bogus', model: 'gpt-4' }).then(() => 'resolved', (e) => String(e.message));
const afterFailure = await pooled.count(tasks[0]);

// A 20 ms deadline also covers queueing, and a fresh thread needs ~0.3 s to load an encoding: its worker
// file loads cl100k_base as the thread starts, and a small task is retried until the (replacement) thread
// is up, counting the attempts.
const slow = createTokenCounter({ timeoutMs: 20, maxThreads: 1, workerFile: process.argv[4] });
const untilServed = async (task) => {
  for (let attempt = 1; attempt <= 100; attempt++) {
    try { return { count: await slow.count(task), attempt }; } catch { await new Promise((r) => setTimeout(r, 100)); }
  }
  return { count: -1, attempt: 101 };
};
await untilServed(tasks[0]);
const timeout = await slow.count({ kind: 'text', model: 'gpt-4', text: 'lorem ipsum dolor sit amet '.repeat(200_000) })
  .then(() => 'resolved', (e) => String(e.message));
const afterTimeout = (await untilServed(tasks[0])).count;

// A worker that cannot start: reported through onError instead of crashing; tasks queued for it reject
// when the last thread is gone, and from then on tasks are counted inline.
const errors = [];
const broken = createTokenCounter({ workerFile: process.argv[3], onError: (e) => errors.push(String(e.message)) });
const brokenResults = [];
for (let i = 0; i < 5; i++) {
  brokenResults.push(await broken.count(tasks[0]).then((n) => n, (e) => String(e.message)));
  if (brokenResults.at(-1) === 2) break;
}

const mixed = createTokenCounter({ maxThreads: 1, inlineBelowBytes: 2048 });
await new Promise((r) => setTimeout(r, 1500)); // let the background warm-up load this thread's encodings
const fromMixed = await Promise.all(tasks.map((t) => mixed.count(t)));

await Promise.all([pooled.close(), slow.close(), broken.close(), mixed.close()]);
console.log(JSON.stringify({ fromPool, fromMixed, mainThreadLoaded, failure, afterFailure, timeout, afterTimeout, errors, brokenResults }));
`;

const image = `data:image/png;base64,${'A'.repeat(300_000)}`;
const TASKS: CountTask[] = [
  { kind: 'text', model: 'gpt-4', text: 'hello world' },
  { kind: 'text', model: 'gpt-4o', text: '你好，世界 '.repeat(2000) },
  { kind: 'completion', model: 'gpt-4o', text: 'get_weather{"city":"Paris"}', toolCalls: 2 },
  { kind: 'prompt', model: 'text-embedding-3-small', prompt: ['abc', 'defghi', 'The quick brown fox '.repeat(500)] },
  { kind: 'prompt', model: 'text-embedding-3-small', prompt: [[1, 2, 3], [4]] },
  {
    kind: 'chat',
    model: 'gpt-4',
    request: {
      model: 'gpt-4',
      stream: true,
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        {
          role: 'user',
          name: 'alice',
          content: [
            { type: 'text', text: 'What is in this image? '.repeat(300) },
            { type: 'image_url', image_url: { url: image, detail: 'low' } },
            { type: 'image_url', image_url: { url: image } },
          ],
        },
      ],
      tools: [
        { type: 'function', function: { name: 'get_weather', description: 'Get the current weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } },
        { type: 'function', function: { name: 'search', description: 'Search the web', parameters: { type: 'object' } } },
      ],
    },
  },
];

describe('createTokenCounter with real worker threads', () => {
  it('counts in workers exactly as runCountTask does, and survives failing tasks, timeouts and broken workers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ferryman-pool-'));
    try {
      writeFileSync(join(dir, 'probe.mjs'), PROBE);
      writeFileSync(join(dir, 'tasks.json'), JSON.stringify(TASKS));
      writeFileSync(join(dir, 'broken-worker.mjs'), "throw new Error('worker cannot start');\n");
      writeFileSync(
        join(dir, 'preloading-worker.mjs'),
        `import { loadEncoding } from '${url('core/tokenizer/count-text.ts')}';\nloadEncoding('cl100k_base');\nexport { default } from '${url('workers/count-tokens.worker.ts')}';\n`,
      );
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
      const child = spawnSync(process.execPath, ['--import', 'tsx', join(dir, 'probe.mjs'), join(dir, 'tasks.json'), join(dir, 'broken-worker.mjs'), join(dir, 'preloading-worker.mjs')], { cwd: root, env, encoding: 'utf8', timeout: 110_000 });
      expect(child.stderr, child.stderr).toBe("");
      expect(child.status).toBe(0);
      const out = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
      // Counted here, in this process, on this thread.
      const direct = TASKS.map((task) => runCountTask(task));
      expect(direct.slice(0, 5)).toEqual([2, 8000, 2 + 5 + 14, 2003, 4]);
      expect(out.fromPool).toEqual(direct);
      expect(out.fromMixed).toEqual(direct);
      expect(out.mainThreadLoaded).toBe(false);
      expect(out.failure).toMatch(/unknown token count task kind: bogus/);
      expect(out.afterFailure).toBe(2);
      expect(out.timeout).toBe('token count timed out after 20 ms');
      expect(out.afterTimeout).toBe(2);
      expect(out.errors).toContain('worker cannot start');
      const brokenResults = out.brokenResults as unknown[];
      expect(brokenResults.at(-1)).toBe(2);
      expect(new Set(brokenResults.slice(0, -1))).toEqual(new Set(brokenResults.length > 1 ? ['worker cannot start'] : []));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('createTokenCounter under vitest', () => {
  it('counts inline, since worker threads cannot load TypeScript here', async () => {
    const counter = createTokenCounter();
    const task = { kind: 'text', model: 'gpt-4', text: 'hello world' } as const;
    await expect(counter.count(task)).resolves.toBe(runCountTask(task));
    await expect(counter.count({ kind: 'bogus' } as never)).rejects.toThrow(/unknown token count task kind/);
    await counter.close();
  });
});
