import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READ_SIZES, replaySse } from '../replay-sse-fixture.js';
import { GeminiPassthroughStream } from './gemini-passthrough-stream.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);

function run(name: string, sse: boolean, readSize = 7) {
  const t = new GeminiPassthroughStream(sse);
  let out = '';
  for (const ev of replaySse(fixture(name), readSize)) out += t.push(ev);
  return { out: out + t.end(), usage: t.usage() };
}

describe('GeminiPassthroughStream', () => {
  it.each(READ_SIZES)('forwards every event byte for byte in Google framing and reads the last usageMetadata (%i-byte reads)', (size) => {
    for (const name of ['gemini-plain-text.sse', 'gemini-function-call.sse', 'gemini-thoughts.sse']) {
      expect(run(name, true, size).out).toBe(readFileSync(fixture(name), 'utf8'));
    }
    expect(run('gemini-thoughts.sse', true, size).usage).toEqual({
      prompt_tokens: 2048,
      completion_tokens: 28,
      total_tokens: 2076,
      prompt_tokens_details: { cached_tokens: 2000 },
      completion_tokens_details: { reasoning_tokens: 22 },
    });
  });

  it('writes the same responses as one JSON array when the client did not ask for SSE', () => {
    const { out, usage } = run('gemini-plain-text.sse', false);
    expect(out.startsWith('[{"candidates"')).toBe(true);
    expect(JSON.parse(out)).toEqual(replaySse(fixture('gemini-plain-text.sse')).map((e) => JSON.parse(e.data)));
    expect(usage).toEqual({ prompt_tokens: 9, completion_tokens: 7, total_tokens: 16, prompt_tokens_details: { text_tokens: 9 } });
  });

  it('drops what is not a JSON object, so an array stays parseable, and reports no usage when none came', () => {
    const { out } = run('gemini-unknown-event.sse', false);
    // six JSON objects forwarded untouched (shapes are the client's business); the non-JSON line is not
    expect((JSON.parse(out) as unknown[]).length).toBe(6);
    expect(out).not.toContain('not json');
    expect(run('gemini-no-usage.sse', true).usage).toBeNull();
  });

  it('forwards an upstream error body as it came, and ends a failed stream with Google error body', () => {
    const { out } = run('gemini-error-mid-stream.sse', true);
    expect(out).toContain('data: {"error":{"code":503,"message":"The model is overloaded. Please try again later.","status":"UNAVAILABLE"}}\r\n\r\n');
    const t = new GeminiPassthroughStream(false);
    const head = t.push({ data: '{"candidates":[]}' });
    const tail = t.fail({ status: 504, message: 'stream idle timeout', type: 'upstream_error', code: 'stream_timeout' });
    expect(JSON.parse(head + tail)).toEqual([{ candidates: [] }, { error: { code: 504, message: 'stream idle timeout', status: 'DEADLINE_EXCEEDED' } }]);
    expect(t.push({ data: '{"late":true}' }) + t.end()).toBe('');
  });
});
