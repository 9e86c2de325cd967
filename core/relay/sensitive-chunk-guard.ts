import type { ChunkGuard } from '../formats/format-contracts.js';
import type { ChatChunk } from '../formats/openai/chat-types.js';
import type { SensitiveWordsPolicy } from '../policies/sensitive-words/sensitive-words-policy.js';
import type { SensitiveStreamGuard } from '../policies/sensitive-words/sensitive-stream-guard.js';

/**
 * The completion check on a stream (CheckSensitiveOnCompletionEnabled): each choice's content is watched
 * by its own guard, listed words are masked as new-api masks them, and with StopOnSensitiveEnabled the
 * stream ends after the chunk that held one. Null when completions are not checked.
 */
export function sensitiveChunkGuard(policy: SensitiveWordsPolicy, onWords: (words: string[]) => void): ChunkGuard | null {
  if (!policy.completionGuard()) return null;
  const guards = new Map<number, SensitiveStreamGuard>();
  return {
    check(chunk: ChatChunk) {
      let stop = false;
      const choices = chunk.choices.map((choice) => {
        const content = choice.delta?.content;
        if (typeof content !== 'string' || content === '') return choice;
        let guard = guards.get(choice.index);
        if (!guard) {
          const fresh = policy.completionGuard();
          if (!fresh) return choice;
          guards.set(choice.index, (guard = fresh));
        }
        const r = guard.push(content);
        if (r.words.length) onWords(r.words);
        stop ||= r.stop;
        return r.text === content ? choice : { ...choice, delta: { ...choice.delta, content: r.text } };
      });
      return { chunk: { ...chunk, choices }, stop };
    },
  };
}
