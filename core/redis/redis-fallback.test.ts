import { describe, expect, it } from 'vitest';
import { RedisFallback } from './redis-fallback.js';

const down = () => Promise.reject(new Error('Stream isn\'t writeable and enableOfflineQueue options is false'));

describe('RedisFallback', () => {
  it("answers from Redis while it answers, from the process's own count while it cannot, saying so once each way", async () => {
    const lines: string[] = [];
    const fallback = new RedisFallback('the per-IP rate limits', { warn: (m) => lines.push(`warn ${m}`), info: (m) => lines.push(`info ${m}`) });
    const answers = [
      await fallback.run(async () => 'redis', () => 'local'),
      await fallback.run(down, () => 'local'),
      await fallback.run(down, async () => 'local'),
      await fallback.run(async () => 'redis', () => 'local'),
      await fallback.run(async () => 'redis', () => 'local'),
      await fallback.run(down, () => 'local'),
    ];
    expect(answers).toEqual(['redis', 'local', 'local', 'redis', 'redis', 'local']);
    expect(lines).toEqual([
      'warn the per-IP rate limits cannot reach Redis; counting in this process until it answers',
      'info the per-IP rate limits count in Redis again',
      'warn the per-IP rate limits cannot reach Redis; counting in this process until it answers',
    ]);
  });

  it('does not ask the process when Redis answers, even a refusal', async () => {
    let asked = 0;
    const fallback = new RedisFallback('x', { warn: () => {}, info: () => {} });
    expect(await fallback.run(async () => false, () => (asked++, true))).toBe(false);
    expect(asked).toBe(0);
  });
});
