// The one request every target is measured with.
import { DEFAULT_CHUNKS } from '../mock/mock-answer.js';

export interface Target {
  name: string;
  url: string;
  key: string;
  /** Extra request headers the target needs (Portkey's provider and upstream host). */
  headers?: Record<string, string>;
  /** The server process whose CPU time and memory are measured (the mock itself for the direct row). */
  pid?: number;
  /** Key whose stream carries LONG_STREAM_CHUNKS content chunks instead of DEFAULT_CHUNKS, for the per-chunk cost. */
  longStreamKey?: string;
}

export type Mode = 'non-stream' | 'stream';
export const MODES: readonly Mode[] = ['non-stream', 'stream'];

export const SCENARIO_PATH = '/v1/chat/completions';

/** Content chunks of the long stream; the mock's key `mock-chunks-<n>` asks for them. */
export const LONG_STREAM_CHUNKS = 100;
/** Chunks a long stream relays beyond a normal one (the role, finish, usage and [DONE] events are in both). */
export const EXTRA_LONG_STREAM_CHUNKS = LONG_STREAM_CHUNKS - DEFAULT_CHUNKS;
export const LONG_STREAM_MOCK_KEY = `mock-chunks-${LONG_STREAM_CHUNKS}`;

export function scenarioBody(mode: Mode): string {
  const body: Record<string, unknown> = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
  if (mode === 'stream') body.stream = true;
  return JSON.stringify(body);
}

export function scenarioHeaders(target: Target): Record<string, string> {
  return { 'content-type': 'application/json', authorization: `Bearer ${target.key}`, ...target.headers };
}

/** The target as seen with its long-stream key (the same request, many more chunks in the answer). */
export function longStreamTarget(target: Target): Target {
  if (!target.longStreamKey) throw new Error(`${target.name} has no long-stream key`);
  return { ...target, key: target.longStreamKey };
}
