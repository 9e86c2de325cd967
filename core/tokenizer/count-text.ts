import { createRequire } from 'node:module';
import { encodingForModel, type EncodingName } from './encoding-for-model.js';

type Encoding = typeof import('gpt-tokenizer/encoding/cl100k_base');

// Loaded through require so each encoding is read on first use, synchronously (this code runs inside
// worker threads and inline on the event loop): importing cl100k_base costs ~270 ms, o200k_base ~420 ms.
const requireEncoding = createRequire(import.meta.url);
const loaded = new Map<EncodingName, Encoding>();

/**
 * Special-token text such as `<|endoftext|>` is ordinary user text here: tiktoken-go (new-api) encodes it
 * as plain bytes, while gpt-tokenizer throws on it by default.
 */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

function encoding(name: EncodingName): Encoding {
  let enc = loaded.get(name);
  if (!enc) {
    enc = requireEncoding(`gpt-tokenizer/encoding/${name}`) as Encoding;
    loaded.set(name, enc);
  }
  return enc;
}

/** True once `name` is resident on this thread, so counting with it costs no load. */
export function isEncodingLoaded(name: EncodingName): boolean {
  return loaded.has(name);
}

/** Loads an encoding ahead of use (the pool warms the calling thread at start). */
export function loadEncoding(name: EncodingName): void {
  encoding(name);
}

/** Tokens of `text` in the encoding new-api uses for `model`; 0 for an empty string. */
export function countText(text: string, model: string): number {
  if (text === '') return 0;
  return encoding(encodingForModel(model)).countTokens(text, PLAIN_TEXT);
}
