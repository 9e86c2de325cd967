import { foldCase } from './fold-case.js';

/**
 * The `SensitiveWords` list compiled into an Aho–Corasick automaton made only of typed arrays and one
 * string, so a worker thread can build it and hand it over without copying (the buffers are transferred)
 * and the event loop never pays for the build. Words are matched on folded text, over UTF-16 code units.
 */
export interface CompiledSensitiveList {
  /** UTF-16 code unit → its symbol (1-based); 0 for a unit no word contains */
  symbolOf: Int32Array;
  /** the root's transition per symbol (every other state's edges are in the sorted edge lists below) */
  rootNext: Int32Array;
  /** state s's edges are edgeSymbol/edgeTarget[edgeStart[s] .. edgeStart[s + 1]), sorted by symbol */
  edgeStart: Int32Array;
  edgeSymbol: Int32Array;
  edgeTarget: Int32Array;
  /** the longest proper suffix of state s that is also a state */
  failure: Int32Array;
  /** the word that state s spells, or −1 */
  wordAt: Int32Array;
  /** the longest proper suffix of state s that spells a word, or 0 (the root) when none does */
  outputLink: Int32Array;
  /** the distinct words as listed (first spelling wins), joined: word i is words.slice(wordStart[i], wordStart[i + 1]) */
  words: string;
  wordStart: Int32Array;
  /** longest word, in UTF-16 units */
  maxLength: number;
}

/** The buffers to transfer when posting a compiled list to another thread. */
export function compiledBuffers(c: CompiledSensitiveList): ArrayBuffer[] {
  return [c.symbolOf, c.rootNext, c.edgeStart, c.edgeSymbol, c.edgeTarget, c.failure, c.wordAt, c.outputLink, c.wordStart].map(
    (a) => a.buffer as ArrayBuffer,
  );
}

/** One word per line; blank lines and surrounding spaces ignored; a word listed again in another case counts once. */
export function parseSensitiveList(list: string): { folded: string[]; listed: string[] } {
  const seen = new Set<string>();
  const folded: string[] = [];
  const listed: string[] = [];
  for (const line of list.split('\n')) {
    const word = line.trim();
    if (!word) continue;
    const key = foldCase(word);
    if (seen.has(key)) continue;
    seen.add(key);
    folded.push(key);
    listed.push(word);
  }
  return { folded, listed };
}

// Packs (symbol, state) into one number so a plain numeric sort orders a state's edges by symbol.
const STATE_BITS = 2 ** 32;

/** Builds the automaton. Pure and synchronous: run it in a worker for long lists. */
export function compileSensitiveList(list: string): CompiledSensitiveList {
  const { folded, listed } = parseSensitiveList(list);

  const symbolOf = new Int32Array(0x10000);
  let symbols = 0;
  for (const word of folded) {
    for (let i = 0; i < word.length; i++) {
      const unit = word.charCodeAt(i);
      if (symbolOf[unit] === 0) symbolOf[unit] = ++symbols;
    }
  }

  // The trie, with each state's single incoming edge; a Map keyed by (state, symbol) while building.
  const width = symbols + 1;
  const child = new Map<number, number>();
  const parent: number[] = [0];
  const symbolIn: number[] = [0];
  const wordAtList: number[] = [-1];
  let maxLength = 0;
  folded.forEach((word, id) => {
    let state = 0;
    for (let i = 0; i < word.length; i++) {
      const symbol = symbolOf[word.charCodeAt(i)]!;
      const key = state * width + symbol;
      let next = child.get(key);
      if (next === undefined) {
        next = parent.length;
        child.set(key, next);
        parent.push(state);
        symbolIn.push(symbol);
        wordAtList.push(-1);
      }
      state = next;
    }
    wordAtList[state] = id;
    maxLength = Math.max(maxLength, word.length);
  });
  const states = parent.length;

  // Edges grouped by source state (counting sort), each group sorted by symbol.
  const edgeStart = new Int32Array(states + 1);
  for (let s = 1; s < states; s++) edgeStart[parent[s]! + 1]!++;
  for (let s = 0; s < states; s++) edgeStart[s + 1]! += edgeStart[s]!;
  const packed = new Float64Array(states - 1);
  const fill = edgeStart.slice(0, states);
  for (let s = 1; s < states; s++) packed[fill[parent[s]!]!++] = symbolIn[s]! * STATE_BITS + s;
  const edgeSymbol = new Int32Array(states - 1);
  const edgeTarget = new Int32Array(states - 1);
  for (let s = 0; s < states; s++) {
    const group = packed.subarray(edgeStart[s], edgeStart[s + 1]);
    if (group.length > 1) group.sort();
  }
  for (let e = 0; e < packed.length; e++) {
    edgeSymbol[e] = Math.floor(packed[e]! / STATE_BITS);
    edgeTarget[e] = packed[e]! % STATE_BITS;
  }
  const rootNext = new Int32Array(width);
  for (let e = edgeStart[0]!; e < edgeStart[1]!; e++) rootNext[edgeSymbol[e]!] = edgeTarget[e]!;

  // Failure and output links, breadth first so every shorter state is done before it is needed.
  const wordAt = Int32Array.from(wordAtList);
  const failure = new Int32Array(states);
  const outputLink = new Int32Array(states);
  const automaton = { rootNext, edgeStart, edgeSymbol, edgeTarget, failure };
  const queue = new Int32Array(states);
  let head = 0;
  let tail = 0;
  for (let e = edgeStart[0]!; e < edgeStart[1]!; e++) queue[tail++] = edgeTarget[e]!;
  while (head < tail) {
    const s = queue[head++]!;
    for (let e = edgeStart[s]!; e < edgeStart[s + 1]!; e++) {
      const next = edgeTarget[e]!;
      const fallback = step(automaton, failure[s]!, edgeSymbol[e]!);
      failure[next] = fallback;
      outputLink[next] = wordAt[fallback]! >= 0 ? fallback : outputLink[fallback]!;
      queue[tail++] = next;
    }
  }

  const wordStart = new Int32Array(listed.length + 1);
  listed.forEach((word, i) => (wordStart[i + 1] = wordStart[i]! + word.length));
  return { symbolOf, rootNext, edgeStart, edgeSymbol, edgeTarget, failure, wordAt, outputLink, words: listed.join(''), wordStart, maxLength };
}

type Transitions = Pick<CompiledSensitiveList, 'rootNext' | 'edgeStart' | 'edgeSymbol' | 'edgeTarget' | 'failure'>;

/** The state after reading `symbol` (≥ 1) in `state`: the goto function, falling back along failure links. */
export function step(a: Transitions, state: number, symbol: number): number {
  for (;;) {
    if (state === 0) return a.rootNext[symbol]!;
    // Binary search of the state's edges; most states have a handful.
    let lo = a.edgeStart[state]!;
    let hi = a.edgeStart[state + 1]! - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const found = a.edgeSymbol[mid]!;
      if (found === symbol) return a.edgeTarget[mid]!;
      if (found < symbol) lo = mid + 1;
      else hi = mid - 1;
    }
    state = a.failure[state]!;
  }
}
