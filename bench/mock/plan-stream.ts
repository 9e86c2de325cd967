// Turns an answer into the exact frames to send and how the stream ends, so the timing/IO code only has
// to play a list back. Every dialect builds its frames and hands them to planFrames, which applies the
// failure directives the same way for all of them.
import type { MockDirectives } from './mock-directives.js';
import { DEFAULT_CHUNKS, splitContent } from './mock-answer.js';

/** end: close the response normally; stall: keep it open and silent; reset: drop the TCP connection. */
export type StreamEnding = 'end' | 'stall' | 'reset';

export interface StreamPlan {
  /** text frames (SSE), or bytes (a binary answer such as speech audio) */
  frames: Array<string | Buffer>;
  ending: StreamEnding;
}

/** One frame of a stream; `content` frames (deltas) are the chunks the failure directives count. */
export interface StreamFrame {
  text: string;
  content: boolean;
}

export function sseFrame(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** Where a stream cut after `n` content frames ends: right after the n-th (before the first when n is 0). */
function cutAfter(frames: StreamFrame[], n: number): number {
  let seen = 0;
  let afterLastContent = 0;
  for (let i = 0; i < frames.length; i++) {
    if (!frames[i]!.content) continue;
    if (seen === n) return i;
    seen++;
    afterLastContent = i + 1;
  }
  // Fewer content frames than n: all of them, without what follows the last one.
  return afterLastContent;
}

/**
 * The frames as the directives shape them: `reset_after_chunks` / `stall_after_chunks` /
 * `error_mid_stream_after` cut the stream after that many content frames (the frames before the first
 * content frame, a dialect's message head, always go). When several are given, reset beats stall beats
 * error. `errorFrame` gets the frames sent before it (a JSON-array stream needs to know whether a comma goes first).
 */
export function planFrames(frames: StreamFrame[], d: MockDirectives, errorFrame: (sent: readonly string[]) => string): StreamPlan {
  const upTo = (n: number) => frames.slice(0, cutAfter(frames, n)).map((f) => f.text);
  if (d.reset_after_chunks !== undefined) return { frames: upTo(d.reset_after_chunks), ending: 'reset' };
  if (d.stall_after_chunks !== undefined) return { frames: upTo(d.stall_after_chunks), ending: 'stall' };
  if (d.error_mid_stream_after !== undefined) {
    const sent = upTo(d.error_mid_stream_after);
    return { frames: [...sent, errorFrame(sent)], ending: 'end' };
  }
  return { frames: frames.map((f) => f.text), ending: 'end' };
}

/** A non-stream answer under `stall_after_chunks`: its JSON in `chunks` pieces, the first `n` sent, then silence. */
export function planTrickle(body: Record<string, unknown>, d: MockDirectives): StreamPlan {
  const pieces = splitContent(JSON.stringify(body), d.chunks ?? DEFAULT_CHUNKS);
  return { frames: pieces.slice(0, d.stall_after_chunks), ending: 'stall' };
}
