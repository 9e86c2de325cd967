import { type CompiledSensitiveList, compileSensitiveList, step } from './compile-sensitive-list.js';
import { foldCase } from './fold-case.js';

export interface SensitiveHit {
  /** UTF-16 range in the text searched, end exclusive */
  start: number;
  end: number;
  /** the word as the list spells it */
  word: string;
}

/**
 * The `SensitiveWords` list (one word per line, blank lines ignored) as an Aho–Corasick automaton,
 * matched case-insensitively as new-api does (it lower-cases both sides). Immutable: a new list builds a
 * new matcher. Built from the list text on this thread (short lists, tests), or from a list compiled
 * elsewhere (a worker thread, for long lists: see build-matcher-off-thread.ts).
 */
export class SensitiveMatcher {
  private readonly a: CompiledSensitiveList;

  constructor(list: string | CompiledSensitiveList) {
    this.a = typeof list === 'string' ? compileSensitiveList(list) : list;
  }

  /** longest word, in UTF-16 units */
  get maxLength(): number {
    return this.a.maxLength;
  }

  get empty(): boolean {
    return this.a.wordStart.length === 1;
  }

  /** Every occurrence, overlaps included, in the order they end (longest first among those ending together). */
  hits(text: string): SensitiveHit[] {
    const hits: SensitiveHit[] = [];
    if (this.empty) return hits;
    const { symbolOf, wordAt, outputLink, wordStart } = this.a;
    const folded = foldCase(text);
    let state = 0;
    for (let i = 0; i < folded.length; i++) {
      const symbol = symbolOf[folded.charCodeAt(i)]!;
      // A unit no word contains: no word can span it.
      state = symbol === 0 ? 0 : step(this.a, state, symbol);
      for (let s = wordAt[state]! >= 0 ? state : outputLink[state]!; s > 0; s = outputLink[s]!) {
        const id = wordAt[s]!;
        const length = wordStart[id + 1]! - wordStart[id]!;
        hits.push({ start: i + 1 - length, end: i + 1, word: this.word(id) });
      }
    }
    return hits;
  }

  /** The distinct listed words found in `text`, in order of first occurrence. */
  findSensitive(text: string): string[] {
    const hits = this.hits(text);
    return hits.length === 0 ? [] : [...new Set(hits.map((h) => h.word))];
  }

  private word(id: number): string {
    return this.a.words.slice(this.a.wordStart[id], this.a.wordStart[id + 1]);
  }
}
