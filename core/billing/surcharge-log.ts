import type { TextQuota } from './compute-quota.js';

/** What a consume log adds for the billed surcharges: the content's note and the keys of `other`. */
export interface SurchargeLog {
  /** appended to the content as is (it starts with `, `) */
  note: string;
  other: Record<string, unknown>;
}

/**
 * new-api's post-consume extras for the web search, Claude web search, file search and Gemini audio input
 * surcharges: the content gets `, ` and then each surcharge's text with no separator between them, in that
 * order; `other` gets each one's keys (`audio_input_seperate_price` spelled as new-api spells it), Claude's
 * web search writing the `web_search*` keys only when no OpenAI web search took them. null when none was billed.
 */
export function surchargeLog(q: Pick<TextQuota, 'webSearch' | 'claudeWebSearch' | 'fileSearch' | 'audioInput'>): SurchargeLog | null {
  const { webSearch, claudeWebSearch, fileSearch, audioInput } = q;
  if (!webSearch && !claudeWebSearch && !fileSearch && !audioInput) return null;
  let note = ', ';
  const other: Record<string, unknown> = {};
  if (webSearch) {
    note += `Web Search 调用 ${webSearch.calls} 次，上下文大小 ${webSearch.contextSize}，调用花费 ${webSearch.quota}`;
    Object.assign(other, { web_search: true, web_search_call_count: webSearch.calls, web_search_price: webSearch.price });
  }
  if (claudeWebSearch) {
    note += `Claude Web Search 调用 ${claudeWebSearch.calls} 次，调用花费 ${claudeWebSearch.quota}`;
    if (!webSearch) Object.assign(other, { web_search: true, web_search_call_count: claudeWebSearch.calls, web_search_price: claudeWebSearch.price });
  }
  if (fileSearch) {
    note += `File Search 调用 ${fileSearch.calls} 次，调用花费 ${fileSearch.quota}`;
    Object.assign(other, { file_search: true, file_search_call_count: fileSearch.calls, file_search_price: fileSearch.price });
  }
  if (audioInput) {
    note += `Audio Input 花费 ${audioInput.quota}`;
    Object.assign(other, { audio_input_seperate_price: true, audio_input_token_count: audioInput.calls, audio_input_price: audioInput.price });
  }
  return { note, other };
}
