import {
  addDecimal,
  decimalFromInt,
  decimalFromNumber,
  decimalToString,
  divDecimalByPow10,
  type ExactDecimal,
  mulDecimal,
  roundDecimalHalfAwayFromZero,
  signOfDecimal,
  subDecimal,
} from './exact-decimal.js';
import type { PriceSettings } from './price-settings.js';
import type { ResolvedPrice } from './resolve-price.js';
import {
  CLAUDE_WEB_SEARCH_PRICE_PER_THOUSAND,
  FILE_SEARCH_PRICE_PER_THOUSAND,
  geminiAudioInputPricePerMillion,
  type SearchContextSize,
  webSearchPricePerThousand,
} from './tool-call-price.js';

/** OpenAI-style usage: cached, cache-write, image and audio tokens are parts of prompt_tokens. */
export interface TextUsage {
  prompt_tokens: number;
  completion_tokens: number;
  /** prompt_tokens_details.cached_tokens (cache reads) */
  cached_tokens?: number;
  /** prompt_tokens_details.cached_creation_tokens: cache writes (Claude's cache_creation_input_tokens) */
  cache_creation_tokens?: number;
  /** of the cache writes, those with a 1-hour TTL (Claude's cache_creation.ephemeral_1h_input_tokens) */
  cache_creation_1h_tokens?: number;
  /** prompt_tokens_details.image_tokens */
  image_tokens?: number;
  /** prompt_tokens_details.audio_tokens; billed apart only for Gemini models with an audio price. */
  audio_tokens?: number;
}

/** What the surcharges need: the billed model (origin name) and the built-in tool calls seen. */
export interface TextQuotaExtras {
  model: string;
  webSearchCalls?: number;
  webSearchContextSize?: SearchContextSize;
  /** USD per 1 000 web search calls when the caller knows it (alpha search: L's tool price); else B's by context size */
  webSearchPrice?: number;
  fileSearchCalls?: number;
  /** Anthropic's server-side web searches (usage.server_tool_use.web_search_requests) */
  claudeWebSearchCalls?: number;
}

export interface Surcharge {
  calls: number;
  /** USD per 1 000 calls (per 1M tokens for audio input). */
  price: number;
  /** Exact quota added, as shopspring prints it (log content shows it after "调用花费 $"). */
  quota: string;
}

export interface TextQuota {
  quota: number;
  /** prompt + completion == 0: quota is 0, new-api appends （可能是上游超时） and skips the usage counters. */
  zeroUsage: boolean;
  webSearch?: Surcharge & { contextSize: SearchContextSize };
  claudeWebSearch?: Surcharge;
  fileSearch?: Surcharge;
  /** calls = audio tokens here. */
  audioInput?: Surcharge;
}

const tokens = (n: number | undefined): number => (n !== undefined && Number.isSafeInteger(n) && n > 0 ? n : 0);

/**
 * new-api (L) prices a 1-hour cache write at the 5-minute ratio × 6 / 3.75 (Anthropic's $6 vs $3.75 per
 * million on Sonnet): 2 for the default 1.25. In this order the default is exact in floating point.
 */
export function cacheCreation1hRatio(cacheCreationRatio: number): number {
  return (cacheCreationRatio * 6) / 3.75;
}

/** Cache writes split by TTL: the 1-hour ones, and the rest (5-minute, or TTL not reported). */
function cacheWrites(total: number | undefined, hour: number | undefined): { fiveMinute: number; hour: number } {
  const all = tokens(total);
  const long = Math.min(tokens(hour), all);
  return { fiveMinute: all - long, hour: long };
}
/** price × count / 10^per × GroupRatio × QuotaPerUnit, exact, in new-api's operand order (per: 3 for a price per 1K calls). */
function surchargeOf(price: number, count: number, per: number, group: ExactDecimal, unit: ExactDecimal): { surcharge: Surcharge; quota: ExactDecimal } {
  const quota = mulDecimal(mulDecimal(divDecimalByPow10(mulDecimal(decimalFromNumber(price), decimalFromInt(count)), per), group), unit);
  return { surcharge: { calls: count, price, quota: decimalToString(quota) }, quota };
}

const MAX_QUOTA = BigInt(Number.MAX_SAFE_INTEGER);
const toQuota = (q: bigint): number => Number(q > MAX_QUOTA ? MAX_QUOTA : q < -MAX_QUOTA ? -MAX_QUOTA : q);

/**
 * Quota for OpenAI-style usage (text, embeddings, rerank, images, Gemini native, Responses) with
 * new-api's exact decimal maths (relay-text.go postConsumeQuota):
 *   base  = prompt − cached − writes − image − (audio when a Gemini audio price applies)
 *   quota = (base + cached × CacheRatio + writes × CacheCreationRatio (1-hour writes × 6 / 3.75 of it)
 *            + image × ImageRatio + completion × CompletionRatio)
 *           × ModelRatio × GroupRatio, at least 1 when ModelRatio × GroupRatio ≠ 0
 *   or, per call, ModelPrice × QuotaPerUnit × GroupRatio;
 * plus tool surcharges, then rounded half away from zero. Cache writes are new-api L's (B left them in
 * base at ratio 1); without them the result is B's to the unit.
 */
export function computeTextQuota(
  price: ResolvedPrice,
  usage: TextUsage,
  s: PriceSettings,
  extras?: TextQuotaExtras,
): TextQuota {
  const prompt = tokens(usage.prompt_tokens);
  const completion = tokens(usage.completion_tokens);
  const group = decimalFromNumber(price.groupRatio);
  const unit = decimalFromNumber(s.quotaPerUnit);
  const result: TextQuota = { quota: 0, zeroUsage: prompt + completion === 0 };
  const surcharges: ExactDecimal[] = [];
  const surcharge = (price: number, count: number, per: number): Surcharge => {
    const s = surchargeOf(price, count, per, group, unit);
    surcharges.push(s.quota);
    return s.surcharge;
  };
  let total: ExactDecimal;

  if (price.usePrice) {
    total = mulDecimal(mulDecimal(decimalFromNumber(price.modelPrice), unit), group);
  } else {
    const ratio = mulDecimal(decimalFromNumber(price.modelRatio), group);
    const cached = decimalFromInt(tokens(usage.cached_tokens));
    const image = decimalFromInt(tokens(usage.image_tokens));
    let base = subDecimal(subDecimal(decimalFromInt(prompt), cached), image);
    const writes = cacheWrites(usage.cache_creation_tokens, usage.cache_creation_1h_tokens);
    let writeQuota = decimalFromInt(0);
    if (writes.fiveMinute + writes.hour > 0) {
      const ratio5m = decimalFromNumber(price.cacheCreationRatio);
      const ratio1h = decimalFromNumber(cacheCreation1hRatio(price.cacheCreationRatio));
      base = subDecimal(base, decimalFromInt(writes.fiveMinute + writes.hour));
      writeQuota = addDecimal(mulDecimal(decimalFromInt(writes.fiveMinute), ratio5m), mulDecimal(decimalFromInt(writes.hour), ratio1h));
    }
    const audioTokens = tokens(usage.audio_tokens);
    const audioPrice = extras && audioTokens > 0 ? geminiAudioInputPricePerMillion(extras.model) : 0;
    if (audioPrice > 0) {
      base = subDecimal(base, decimalFromInt(audioTokens));
      result.audioInput = surcharge(audioPrice, audioTokens, 6);
    }
    const promptQuota = addDecimal(
      addDecimal(addDecimal(base, mulDecimal(cached, decimalFromNumber(price.cacheRatio))), writeQuota),
      mulDecimal(image, decimalFromNumber(price.imageRatio)),
    );
    const completionQuota = mulDecimal(decimalFromInt(completion), decimalFromNumber(price.completionRatio));
    total = mulDecimal(addDecimal(promptQuota, completionQuota), ratio);
  }

  const webCalls = tokens(extras?.webSearchCalls);
  if (extras && webCalls > 0) {
    const contextSize = extras.webSearchContextSize ?? 'medium';
    const price = extras.webSearchPrice ?? webSearchPricePerThousand(extras.model, contextSize);
    result.webSearch = { ...surcharge(price, webCalls, 3), contextSize };
  }
  const claudeCalls = tokens(extras?.claudeWebSearchCalls);
  if (claudeCalls > 0) result.claudeWebSearch = surcharge(CLAUDE_WEB_SEARCH_PRICE_PER_THOUSAND, claudeCalls, 3);
  const fileCalls = tokens(extras?.fileSearchCalls);
  if (fileCalls > 0) result.fileSearch = surcharge(FILE_SEARCH_PRICE_PER_THOUSAND, fileCalls, 3);

  for (const extra of surcharges) total = addDecimal(total, extra);
  // a ratio model never bills nothing for usage; the floor is taken after the surcharges, as new-api takes it
  if (!price.usePrice && signOfDecimal(decimalFromNumber(price.modelRatio)) !== 0 && signOfDecimal(group) !== 0 && signOfDecimal(total) <= 0) total = decimalFromInt(1);
  // no tokens bills nothing, unless a tool call was billed (new-api's hasBillableUsage: /v1/alpha/search reports no usage)
  result.zeroUsage = prompt + completion === 0 && surcharges.length === 0;
  result.quota = result.zeroUsage ? 0 : toQuota(roundDecimalHalfAwayFromZero(total));
  return result;
}

/** Anthropic usage: input_tokens excludes the cache reads and writes. */
export interface ClaudeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
  /** of the cache writes, those with a 1-hour TTL (usage.cache_creation.ephemeral_1h_input_tokens) */
  cache_creation_1h_input_tokens?: number;
}

export interface ClaudeQuota {
  quota: number;
  /** input + output == 0 and no search billed: quota is 0 and new-api appends （可能是上游出错）. */
  zeroUsage: boolean;
  claudeWebSearch?: Surcharge;
}

/**
 * Quota for /v1/messages (new-api service/quota.go PostClaudeConsumeQuota). Float maths in new-api's
 * order, truncated — unlike the text path, which rounds exact decimals:
 *   (input + cache_read × CacheRatio + cache_creation × CacheCreationRatio + output × CompletionRatio)
 *   × GroupRatio × ModelRatio, or ModelPrice × QuotaPerUnit × GroupRatio per call;
 * plus Anthropic's web searches at $10 / 1K × GroupRatio × QuotaPerUnit each (new-api's text-path surcharge,
 * which its forks add here too), then a result ≤ 0 becomes 1 when ModelRatio ≠ 0. 1-hour cache writes cost
 * CacheCreationRatio × 6 / 3.75 (L).
 */
export function computeClaudeQuota(price: ResolvedPrice, usage: ClaudeUsage, s: PriceSettings, extras?: Pick<TextQuotaExtras, 'claudeWebSearchCalls'>): ClaudeQuota {
  const input = tokens(usage.input_tokens);
  const output = tokens(usage.output_tokens);
  let q: number;
  if (price.usePrice) {
    q = price.modelPrice * s.quotaPerUnit * price.groupRatio;
  } else {
    q = input;
    q += tokens(usage.cache_read_input_tokens) * price.cacheRatio;
    const writes = cacheWrites(usage.cache_creation_input_tokens, usage.cache_creation_1h_input_tokens);
    q += writes.fiveMinute * price.cacheCreationRatio;
    if (writes.hour > 0) q += writes.hour * cacheCreation1hRatio(price.cacheCreationRatio);
    q += output * price.completionRatio;
    q = q * price.groupRatio * price.modelRatio;
  }
  const searches = tokens(extras?.claudeWebSearchCalls);
  // the surcharge is exact; the float sum takes its nearest double, as new-api's float64 conversion does
  const search = searches > 0 ? surchargeOf(CLAUDE_WEB_SEARCH_PRICE_PER_THOUSAND, searches, 3, decimalFromNumber(price.groupRatio), decimalFromNumber(s.quotaPerUnit)).surcharge : undefined;
  if (search) q += Number(search.quota);
  if (price.modelRatio !== 0 && q <= 0) q = 1;
  // a search with no tokens is still billed
  const zeroUsage = input + output === 0 && !search;
  const result: ClaudeQuota = { quota: zeroUsage ? 0 : truncateToQuota(q), zeroUsage };
  if (search) result.claudeWebSearch = search;
  return result;
}

/** Go's int(float64) truncates; keep the result a safe, non-NaN integer. */
function truncateToQuota(q: number): number {
  if (Number.isNaN(q)) return 0;
  return Math.trunc(Math.min(Math.max(q, -Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER));
}
