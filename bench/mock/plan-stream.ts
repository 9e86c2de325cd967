// Turns directives into the exact SSE frames to send and how the stream ends,
// so the timing/IO code only has to play a list back.
import { contentOf, type MockDirectives } from './mock-directives.js';
import {
  DEFAULT_CHUNKS,
  splitContent,
  usageFor,
  type CompletionShape,
} from './openai-shapes.js';
import { scriptedError } from './scripted-error.js';

/** end: close the response normally; stall: keep it open and silent; reset: drop the TCP connection. */
export type StreamEnding = 'end' | 'stall' | 'reset';

export interface StreamPlan {
  frames: string[];
  ending: StreamEnding;
}

export const DONE_FRAME = 'data: [DONE]\n\n';

export function sseFrame(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** When several failure directives are given, reset beats stall beats error. */
export function planStream(shape: CompletionShape, d: MockDirectives, includeUsage: boolean, authorization = ''): StreamPlan {
  const pieces = splitContent(contentOf(d), d.chunks ?? DEFAULT_CHUNKS);
  const content = pieces.map((piece, i) => sseFrame(shape.chunk(piece, i === 0)));

  if (d.reset_after_chunks !== undefined) return { frames: content.slice(0, d.reset_after_chunks), ending: 'reset' };
  if (d.stall_after_chunks !== undefined) return { frames: content.slice(0, d.stall_after_chunks), ending: 'stall' };
  if (d.error_mid_stream_after !== undefined) {
    const error = sseFrame(scriptedError(d, 'mock error mid-stream', 'mock_mid_stream', authorization));
    return { frames: [...content.slice(0, d.error_mid_stream_after), error], ending: 'end' };
  }

  const frames = [...content, sseFrame(shape.finish())];
  const usage = includeUsage ? usageFor(d, 'completion') : null;
  if (usage) frames.push(sseFrame(shape.usageChunk(usage)));
  frames.push(DONE_FRAME);
  return { frames, ending: 'end' };
}

/** A non-stream answer under `stall_after_chunks`: its JSON in `chunks` pieces, the first `n` sent, then silence. */
export function planTrickle(body: Record<string, unknown>, d: MockDirectives): StreamPlan {
  const pieces = splitContent(JSON.stringify(body), d.chunks ?? DEFAULT_CHUNKS);
  return { frames: pieces.slice(0, d.stall_after_chunks), ending: 'stall' };
}
