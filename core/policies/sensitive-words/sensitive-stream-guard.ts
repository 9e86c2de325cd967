import type { SensitiveMatcher } from './sensitive-matcher.js';

/** What new-api puts in place of a sensitive word in a completion. */
export const SENSITIVE_MASK = '**###**';

export interface GuardedDelta {
  /** the delta to forward, with the sensitive words masked */
  text: string;
  /** words that ended in this delta */
  words: string[];
  /** StopOnSensitiveEnabled and a word was found: forward `text`, then end the stream */
  stop: boolean;
}

/**
 * The completion check for one streamed text (one per choice). new-api masks each SSE line on its own and
 * so misses a word split across two chunks; this keeps the last (longest word − 1) characters seen, which
 * is exactly what a word ending in the next delta can reach back into. A word that began in a delta
 * already forwarded is masked from the point this delta starts.
 */
export class SensitiveStreamGuard {
  private tail = '';

  constructor(
    private readonly matcher: SensitiveMatcher,
    private readonly stopOnSensitive: boolean,
  ) {}

  push(delta: string): GuardedDelta {
    const offset = this.tail.length;
    const window = this.tail + delta;
    this.tail = window.slice(Math.max(0, window.length - this.matcher.maxLength + 1));
    const hits = this.matcher.hits(window).filter((h) => h.end > offset);
    if (hits.length === 0) return { text: delta, words: [], stop: false };
    return {
      text: maskRanges(delta, hits.map((h) => [Math.max(h.start, offset) - offset, h.end - offset])),
      words: [...new Set(hits.map((h) => h.word))],
      stop: this.stopOnSensitive,
    };
  }
}

/** Replaces each run of text the ranges cover (they may overlap) with one mask. */
function maskRanges(text: string, ranges: Array<[number, number]>): string {
  ranges.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    // A range starting inside the run just masked only lengthens it.
    if (start >= at) out += text.slice(at, start) + SENSITIVE_MASK;
    at = end;
  }
  return out + text.slice(at);
}
