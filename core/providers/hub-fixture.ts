import type { ChunkSource, RelayFailure } from '../formats/format-contracts.js';
import type { ChatChunk } from '../formats/openai/chat-types.js';
import { replaySse } from '../formats/replay-sse-fixture.js';

/** Test support: a recorded stream replayed through a hub adapter's chunk source, as the relay reads it. */
export function replayHub(source: ChunkSource, fixture: URL, readSize = 7) {
  const chunks: ChatChunk[] = [];
  let failure: RelayFailure | null = null;
  for (const ev of replaySse(fixture, readSize)) {
    // the relay stops reading at the first failure
    if (failure) break;
    const step = source.push(ev);
    chunks.push(...step.chunks);
    failure = step.failure;
  }
  const deltas = chunks.map((c) => c.choices[0]!.delta);
  return {
    chunks,
    failure,
    usage: source.usage(),
    content: deltas.map((d) => d.content ?? '').join(''),
    reasoning: deltas.map((d) => d.reasoning_content ?? '').join(''),
    finishes: chunks.map((c) => c.choices[0]!.finish_reason).filter(Boolean),
  };
}

export const HUB_META = { id: 'chatcmpl-t1', model: 'client-model', created: 1_700_000_000 };
