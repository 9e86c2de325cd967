/**
 * How long the sensitive-word check takes on a large list: builds the matcher for 100 000 words (in a
 * worker thread, as the policy does, watching how long the event loop stalls meanwhile; and inline, for
 * the CPU cost a build on the loop would have), then checks a 100 KB chat prompt (clean, and with a listed
 * word at its very end) through the same SensitiveWordsPolicy the relay calls. Prints timings; asserts nothing.
 *
 *   npx tsx bench/sensitive-words.ts [--words 100000] [--kb 100] [--runs 50]
 */
import { parseArgs } from 'node:util';
import { OptionsStore } from '../core/options/options-store.js';
import { compileSensitiveList } from '../core/policies/sensitive-words/compile-sensitive-list.js';
import { SensitiveWordsPolicy } from '../core/policies/sensitive-words/sensitive-words-policy.js';

const { values } = parseArgs({ options: { words: { type: 'string', default: '100000' }, kb: { type: 'string', default: '100' }, runs: { type: 'string', default: '50' } } });

// Deterministic pseudo-random words shaped like real lists: four in five are 2–4 CJK characters (out of
// 3 000 code points), the rest 5–10 Latin letters. mulberry32, since a plain LCG's low bits cycle and
// would collapse the list to a few thousand distinct words.
let seed = 42;
const next = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
};
const cjk = () => String.fromCharCode(0x4e00 + (next() % 3000));
const latin = () => String.fromCharCode(97 + (next() % 26));
const randomWord = () => (next() % 5 === 0 ? Array.from({ length: 5 + (next() % 6) }, latin) : Array.from({ length: 2 + (next() % 3) }, cjk)).join('');
const words = [...new Set(Array.from({ length: Number(values.words) }, randomWord))];

const SENTENCE = 'The quick brown fox jumps over the lazy dog. 今天天气很好，我们去公园散步吧。 ';
const cleanText = SENTENCE.repeat(Math.ceil((Number(values.kb) * 1024) / Buffer.byteLength(SENTENCE))).slice(0, Number(values.kb) * 1024);
const chat = (text: string) => ({ model: 'gpt-4o', messages: [{ role: 'user', content: text }] });

const options = new OptionsStore();
options.apply('SensitiveWords', words.join('\n'));
const policy = new SensitiveWordsPolicy(options);

/** median and fastest of `runs` calls: the fastest shows the cost on a machine nobody else is using */
const timed = (fn: () => unknown): string => {
  const times: number[] = [];
  for (let i = 0; i < Number(values.runs); i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `median ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms, fastest ${times[0]!.toFixed(2)} ms`;
};

// Off the loop: the longest gap between 1 ms timer ticks while the worker builds is what a request
// arriving meanwhile could have waited.
let longestStall = 0;
let lastTick = performance.now();
const ticker = setInterval(() => {
  const now = performance.now();
  longestStall = Math.max(longestStall, now - lastTick);
  lastTick = now;
}, 1);
const buildStart = performance.now();
await policy.ready();
const buildMs = performance.now() - buildStart;
clearInterval(ticker);

const inlineStart = performance.now();
const inlineCpu = process.cpuUsage();
compileSensitiveList(options.get('SensitiveWords'));
const inlineMs = performance.now() - inlineStart;
const inlineCpuMs = process.cpuUsage(inlineCpu).user / 1000;
const hitBody = chat(cleanText.slice(0, -words[0]!.length) + words[0]);
const clean = timed(() => policy.checkPrompt('chat', chat(cleanText)));
const hit = timed(() => policy.checkPrompt('chat', hitBody));

console.log(`words: ${words.length}, prompt: ${Buffer.byteLength(cleanText)} bytes (${cleanText.length} UTF-16 units), runs: ${values.runs}`);
console.log(`build in a worker thread: ready after ${buildMs.toFixed(0)} ms; longest event-loop stall meanwhile ${longestStall.toFixed(1)} ms`);
console.log(`build inline, for comparison: ${inlineMs.toFixed(0)} ms (${inlineCpuMs.toFixed(0)} ms CPU, GC threads included)`);
console.log(`check, clean prompt:    ${clean} (refused: ${policy.checkPrompt('chat', chat(cleanText)) !== null})`);
console.log(`check, word at the end: ${hit} (refused: ${policy.checkPrompt('chat', hitBody) !== null})`);
