import type { StreamBody } from '../provider.js';

const NEWLINE = 0x0a;
const META = /^meta:[ ]?(.*?)\r?$/;

/**
 * Re-frames Zhipu's sse-invoke stream, whole lines at a time: a `meta:` line (a field SSE does not know, which
 * parsers drop) leaves the event it sat in and follows it as an event of its own, `event: meta` with the JSON.
 */
export class MetaLines {
  private held: string[] = [];

  /** Whole lines (each ending in a newline) → the same lines, meta lines moved after their event. */
  push(lines: string): string {
    let out = '';
    for (const line of lines.split('\n').slice(0, -1)) {
      const meta = META.exec(line);
      if (meta) this.held.push(meta[1]!);
      else out += line === '' || line === '\r' ? `${line}\n${this.flush()}` : `${line}\n`;
    }
    return out;
  }

  /** The meta events still held: after the blank line that ends their event, or at the end of the stream. */
  flush(): string {
    const out = this.held.map((json) => `event: meta\ndata: ${json}\n\n`).join('');
    this.held = [];
    return out;
  }
}

async function* reframe(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const lines = new MetaLines();
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of body) {
    const bytes = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    // a line is read whole: the rest waits for its newline (a UTF-8 character never holds the byte 0x0a)
    const end = bytes.lastIndexOf(NEWLINE) + 1;
    pending = Buffer.from(bytes.subarray(end));
    const out = end > 0 ? lines.push(bytes.subarray(0, end).toString('utf8')) : '';
    if (out) yield Buffer.from(out);
  }
  // a last event without its blank line is ended before the meta events still held
  const last = pending.length ? lines.push(`${pending.toString('utf8')}\n`) : '';
  const held = lines.flush();
  if (last || held) yield Buffer.from(held ? `${last}\n${held}` : last);
}

/** Zhipu v3's stream as standard SSE; destroying it cancels the upstream body. */
export function zhipuV3EventStream(body: StreamBody): StreamBody {
  const frames = reframe(body);
  return {
    [Symbol.asyncIterator]: () => frames,
    destroy: () => body.destroy(),
  };
}
