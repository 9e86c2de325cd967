import { replaySseBytes } from '../../replay-sse-fixture.js';

type Body = Record<string, unknown> & { type: string; index?: number };
interface ClaudeBlockSummary {
  type: string;
  text: string;
  id?: string;
  name?: string;
}

/**
 * Test support: reads Claude frames back the way the Anthropic SDK does — each `event:` must name its
 * body's type, deltas must land on an open block of the matching kind — and returns the assembled
 * message plus the event order (`type` or `type:index`).
 */
export function readClaudeFrames(frames: string) {
  const order: string[] = [];
  const blocks: ClaudeBlockSummary[] = [];
  const open = new Set<number>();
  let start: Body | undefined;
  let delta: Body | undefined;
  let error: Body | undefined;
  for (const ev of replaySseBytes(Buffer.from(frames, 'utf8'), 1 << 16)) {
    const body = JSON.parse(ev.data) as Body;
    if (ev.event !== body.type) throw new Error(`event ${ev.event} carries ${body.type}`);
    order.push(body.index === undefined ? body.type : `${body.type}:${body.index}`);
    const i = body.index ?? -1;
    if (body.type === 'message_start') start = body;
    else if (body.type === 'message_delta') delta = body;
    else if (body.type === 'error') error = body;
    else if (body.type === 'content_block_start') {
      const b = body.content_block as { type: string; id?: string; name?: string };
      if (blocks[i]) throw new Error(`block ${i} started twice`);
      blocks[i] = { type: b.type, text: '', ...(b.id ? { id: b.id, name: b.name } : {}) };
      open.add(i);
    } else if (body.type === 'content_block_delta') {
      if (!open.has(i)) throw new Error(`delta on closed block ${i}`);
      const d = body.delta as { type: string; text?: string; thinking?: string; partial_json?: string };
      const expected = { text_delta: 'text', thinking_delta: 'thinking', signature_delta: 'thinking', input_json_delta: 'tool_use' }[d.type];
      if (expected !== blocks[i]!.type) throw new Error(`${d.type} on a ${blocks[i]!.type} block`);
      blocks[i]!.text += d.text ?? d.thinking ?? d.partial_json ?? '';
    } else if (body.type === 'content_block_stop') {
      if (!open.delete(i)) throw new Error(`stop on closed block ${i}`);
    }
  }
  const message = start?.message as { usage?: unknown } | undefined;
  const md = delta?.delta as { stop_reason?: string } | undefined;
  return { order, blocks, startUsage: message?.usage, stopReason: md?.stop_reason, usage: delta?.usage, error: error?.error, unclosed: [...open] };
}
