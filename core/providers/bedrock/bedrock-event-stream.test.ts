import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bedrockEventStreamToSse } from './bedrock-event-stream.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

/** The fixture's bytes in reads of `size` (a message split across reads, several in one read). */
function body(bytes: Buffer, size: number) {
  let destroyed = false;
  return {
    destroyed: () => destroyed,
    destroy: () => void (destroyed = true),
    async *[Symbol.asyncIterator]() {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    },
  };
}

async function sse(bytes: Buffer, size: number): Promise<string> {
  let out = '';
  for await (const chunk of bedrockEventStreamToSse(body(bytes, size))) out += chunk.toString('utf8');
  return out;
}

describe('bedrockEventStreamToSse', () => {
  it.each([
    ['text-stream', 1],
    ['text-stream', 7],
    ['text-stream', 1 << 20],
    ['throttled-stream', 13],
  ])('re-frames %s read %i bytes at a time as the Claude SSE events it carries', async (name, size) => {
    expect(await sse(fixture(`${name}.bin`), size)).toBe(fixture(`${name}.sse`).toString('utf8'));
  });

  it('fails a stream that ends inside a message', async () => {
    const bytes = fixture('text-stream.bin');
    await expect(sse(bytes.subarray(0, bytes.length - 5), 64)).rejects.toThrow('inside a message');
  });

  it('passes destroy on to the upstream body', () => {
    const upstream = body(fixture('text-stream.bin'), 64);
    bedrockEventStreamToSse(upstream).destroy();
    expect(upstream.destroyed()).toBe(true);
  });
});
