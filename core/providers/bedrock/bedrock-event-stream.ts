import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { StreamBody } from '../provider.js';

const codec = new EventStreamCodec(toUtf8, fromUtf8);
type Message = ReturnType<typeof codec.decode>;

const header = (m: Message, name: string): string => {
  const h = m.headers[name];
  return h && h.type === 'string' ? h.value : '';
};

/**
 * One Bedrock event-stream message as the Claude SSE frame it carries: a `chunk` holds the Anthropic event
 * JSON base64-encoded in `bytes`; an exception (throttling, validation, model error) becomes Claude's `error`
 * event so the translator fails the stream the usual way.
 */
export function bedrockMessageToSse(m: Message): string {
  const payload = JSON.parse(toUtf8(m.body)) as Record<string, unknown>;
  if (header(m, ':message-type') === 'event' && typeof payload.bytes === 'string') {
    const event = Buffer.from(payload.bytes, 'base64').toString('utf8');
    const type = (JSON.parse(event) as { type?: unknown }).type;
    return `event: ${typeof type === 'string' ? type : 'message'}\ndata: ${event}\n\n`;
  }
  const type = header(m, ':exception-type') || header(m, ':event-type') || 'api_error';
  const message = typeof payload.message === 'string' ? payload.message : `bedrock stream ${type}`;
  return `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type, message } })}\n\n`;
}

/** Splits the byte stream into whole messages (each starts with its total length, big-endian) and re-frames them. */
async function* reframe(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of body) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let out = '';
    while (pending.length >= 4 && pending.length >= pending.readUInt32BE(0)) {
      const size = pending.readUInt32BE(0);
      out += bedrockMessageToSse(codec.decode(pending.subarray(0, size)));
      pending = pending.subarray(size);
    }
    if (out) yield Buffer.from(out);
  }
  if (pending.length) throw new Error('bedrock event stream ended inside a message');
}

/** Bedrock's invoke-with-response-stream body as SSE bytes; destroying it cancels the upstream body. */
export function bedrockEventStreamToSse(body: StreamBody): StreamBody {
  const frames = reframe(body);
  return {
    [Symbol.asyncIterator]: () => frames,
    destroy: () => body.destroy(),
  };
}
