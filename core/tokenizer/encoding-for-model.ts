export type EncodingName = 'cl100k_base' | 'o200k_base';

/** Families tokenised with o200k_base; the o-series (o1, o3, o4, …) is matched apart by /^o\d/. */
const O200K_PREFIXES = ['gpt-4o', 'chatgpt-4o', 'gpt-4.1', 'gpt-5'];

/**
 * The tiktoken encoding new-api counts a model with (spec §5): the GPT-4o, GPT-4.1, GPT-5 and o-series
 * families use o200k_base; everything else — older GPTs, Claude, Gemini, unknown names — is estimated
 * with cl100k_base. Matching ignores case, so `GPT-4o` counts like `gpt-4o`.
 */
export function encodingForModel(model: string): EncodingName {
  const name = model.toLowerCase();
  if (/^o\d/.test(name)) return 'o200k_base';
  return O200K_PREFIXES.some((prefix) => name.startsWith(prefix)) ? 'o200k_base' : 'cl100k_base';
}
