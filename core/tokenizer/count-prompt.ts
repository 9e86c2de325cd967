import { countText } from './count-text.js';

/**
 * Tokens of a completions `prompt` or an embeddings / moderations `input`: a string; strings joined
 * without a separator and counted once (as new-api concatenates them); token ids (number[]) count one
 * each; number[][] counts every id. Anything else — null, objects, mixed junk — counts 0 for that part.
 */
export function countPromptTokens(prompt: unknown, model: string): number {
  if (typeof prompt === 'string') return countText(prompt, model);
  if (!Array.isArray(prompt)) return 0;
  let text = '';
  let ids = 0;
  for (const item of prompt) {
    if (typeof item === 'string') text += item;
    else if (typeof item === 'number') ids += 1;
    else if (Array.isArray(item)) ids += item.filter((id) => typeof id === 'number').length;
  }
  return ids + countText(text, model);
}
