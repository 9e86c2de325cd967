import { cacheCreation1hRatio, computeClaudeQuota, computeTextQuota, type TextQuota, type TextQuotaExtras, type TextUsage } from './compute-quota.js';
import type { CacheCreationInfo } from './consume-log.js';
import type { PriceSettings } from './price-settings.js';
import type { ResolvedPrice } from './resolve-price.js';

/**
 * Which of new-api's billing paths a request takes: `claude` for a client that spoke Anthropic Messages
 * (/v1/messages: PostClaudeConsumeQuota, float maths truncated, the log showing Claude's own
 * input_tokens); `openai` for every other format (chat, completions, Responses, Gemini native…: exact
 * decimals rounded). Whatever the channel: a Claude channel behind /v1/chat/completions takes `openai`,
 * its cache writes still billed at the creation ratio.
 */
export type UsageSemantic = 'openai' | 'claude';

/**
 * Usage as the relay normalizes every upstream's (the formats' OpenAI usage): cache reads
 * (`prompt_tokens_details.cached_tokens`, or DeepSeek's `prompt_cache_hit_tokens`), cache writes
 * (`prompt_tokens_details.cached_creation_tokens`), image and audio tokens are all inside prompt_tokens;
 * reasoning is inside completion_tokens. `claude_cache_creation_1_h_tokens` (new-api L's key) is the part
 * of the writes made with a 1-hour TTL. Tolerant: anything that is not a count reads as 0.
 */
export interface UsageReport {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: Record<string, unknown> | null;
  prompt_cache_hit_tokens?: number;
  claude_cache_creation_1_h_tokens?: number;
  [key: string]: unknown;
}

const count = (n: unknown): number => (typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0);

/** The counts billing reads from a normalized usage report. */
export function textUsageFromReport(u: UsageReport): TextUsage {
  const details = u.prompt_tokens_details ?? {};
  return {
    prompt_tokens: count(u.prompt_tokens),
    completion_tokens: count(u.completion_tokens),
    cached_tokens: count(details.cached_tokens) || count(u.prompt_cache_hit_tokens),
    cache_creation_tokens: count(details.cached_creation_tokens),
    cache_creation_1h_tokens: count(u.claude_cache_creation_1_h_tokens),
    image_tokens: count(details.image_tokens),
    audio_tokens: count(details.audio_tokens),
  };
}

export interface RelayQuota extends TextQuota {
  /** The consume log's prompt_tokens: the prompt, or for `claude` Claude's input_tokens (without the cache). */
  logPromptTokens: number;
  /** For the log's `other` (buildConsumeOther's `claude`). */
  claude: boolean;
  /** For the log's `other` (buildConsumeOther's `cacheCreation`): set for `claude`, and whenever writes were reported. */
  cacheCreation: CacheCreationInfo | null;
}

/**
 * The quota of one relayed request from its normalized usage, by new-api's formula for the client's
 * format. `claude`: (input + reads × CacheRatio + writes × CacheCreationRatio + completion ×
 * CompletionRatio) × GroupRatio × ModelRatio, truncated, where input = prompt − reads − writes; of the
 * tool surcharges only Claude's web search (the only tool a Messages client is billed for). `openai`:
 * computeTextQuota (reads, writes, images and Gemini audio priced apart from the prompt; web, Claude web
 * and file search surcharges from `extras`).
 */
export function computeRelayQuota(
  price: ResolvedPrice,
  usage: TextUsage,
  semantic: UsageSemantic,
  s: PriceSettings,
  extras?: TextQuotaExtras,
): RelayQuota {
  const reads = count(usage.cached_tokens);
  const writes = count(usage.cache_creation_tokens);
  const writes1h = Math.min(count(usage.cache_creation_1h_tokens), writes);
  const cacheCreation: CacheCreationInfo = {
    tokens: writes,
    ratio: price.cacheCreationRatio,
    tokens1h: writes1h,
    ratio1h: cacheCreation1hRatio(price.cacheCreationRatio),
  };
  if (semantic === 'claude') {
    const input = Math.max(count(usage.prompt_tokens) - reads - writes, 0);
    const q = computeClaudeQuota(
      price,
      {
        input_tokens: input,
        output_tokens: count(usage.completion_tokens),
        cache_read_input_tokens: reads,
        cache_creation_input_tokens: writes,
        cache_creation_1h_input_tokens: writes1h,
      },
      s,
      extras,
    );
    return Object.assign(q, { logPromptTokens: input, claude: true, cacheCreation });
  }
  // q is ours: extended in place. `{ ...q, more }` takes microseconds on Node 20's V8 (a spread followed by new
  // keys misses the clone fast path), measurable per request.
  const q = computeTextQuota(price, usage, s, extras);
  return Object.assign(q, { logPromptTokens: count(usage.prompt_tokens), claude: false, cacheCreation: writes > 0 ? cacheCreation : null });
}
