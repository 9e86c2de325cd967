import { describe, expect, it } from 'vitest';
import { READ_SIZES, replaySseBytes } from './replay-sse-fixture.js';

describe('replaySseBytes', () => {
  const stream = Buffer.from('event: a\ndata: {"t":"你好🙂"}\n\n: comment\n\ndata: two\r\ndata: lines\r\n\r\n', 'utf8');

  it.each(READ_SIZES)('frames the same events whatever the read size (%i bytes)', (size) => {
    expect(replaySseBytes(stream, size)).toEqual([
      { event: 'a', data: '{"t":"你好🙂"}' },
      { data: 'two\nlines' },
    ]);
  });
});
