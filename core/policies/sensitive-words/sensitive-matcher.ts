import { AhoCorasick } from '@monyone/aho-corasick/fast';
import { foldCase } from './fold-case.js';

export interface SensitiveHit {
  /** UTF-16 range in the text searched, end exclusive */
  start: number;
  end: number;
  /** the word as the list spells it */
  word: string;
}

/**
 * The `SensitiveWords` list (one word per line, blank lines ignored) compiled once into an Aho–Corasick
 * automaton, matched case-insensitively as new-api does (it lower-cases both sides). Immutable: a new
 * list builds a new matcher.
 */
export class SensitiveMatcher {
  /** folded word → the word as listed */
  private readonly words = new Map<string, string>();
  private readonly automaton: AhoCorasick | null;
  /** longest word, in UTF-16 units */
  readonly maxLength: number;

  constructor(list: string) {
    for (const line of list.split('\n')) {
      const word = line.trim();
      if (word && !this.words.has(foldCase(word))) this.words.set(foldCase(word), word);
    }
    const folded = [...this.words.keys()];
    this.automaton = folded.length ? new AhoCorasick(folded) : null;
    this.maxLength = folded.reduce((max, w) => Math.max(max, w.length), 0);
  }

  get empty(): boolean {
    return this.automaton === null;
  }

  /** Every occurrence, overlaps included, in the order they end. */
  hits(text: string): SensitiveHit[] {
    if (!this.automaton) return [];
    return this.automaton.matchInText(foldCase(text)).map((m) => ({ start: m.begin, end: m.end, word: this.words.get(m.keyword)! }));
  }

  /** The distinct listed words found in `text`, in order of first occurrence. */
  findSensitive(text: string): string[] {
    return [...new Set(this.hits(text).map((h) => h.word))];
  }
}
