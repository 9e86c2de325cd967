import { readFileSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';
import type { SseEvent } from './format-contracts.js';

/**
 * Test support for stream translators: replays a recorded SSE file as the relay reads it — bytes arriving
 * in reads of `readSize` (an awkward size lands boundaries inside lines and inside multi-byte UTF-8
 * characters), decoded with a StringDecoder and framed by eventsource-parser.
 */
export function replaySse(path: string | URL, readSize = 7): SseEvent[] {
  return replaySseBytes(readFileSync(path), readSize);
}

export function replaySseBytes(bytes: Buffer, readSize = 7): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createParser({ onEvent: (ev) => events.push(ev.event ? { event: ev.event, data: ev.data } : { data: ev.data }) });
  const decoder = new StringDecoder('utf8');
  for (let i = 0; i < bytes.length; i += readSize) parser.feed(decoder.write(bytes.subarray(i, i + readSize)));
  parser.feed(decoder.end());
  return events;
}

/** Every read size from 1 to `max`: a translator must give the same result for each. */
export const READ_SIZES = Array.from({ length: 13 }, (_, i) => i + 1);
