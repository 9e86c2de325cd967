import type { ResolvedPrice } from './resolve-price.js';

/**
 * Content of a type-2 consume log (new-api relay-text.go postConsumeQuota), ratios printed as Go's `%.2f`:
 * `模型倍率 1.25，补全倍率 4.00，分组倍率 1.00`, or `模型价格 0.04，分组倍率 1.00` for per-call models,
 * followed directly by the notes (e.g. `（可能是上游超时）` when usage was zero).
 */
export function consumeLogContent(price: ResolvedPrice, extraNotes: string[] = []): string {
  const head = price.usePrice
    ? `模型价格 ${fixed2(price.modelPrice)}，分组倍率 ${fixed2(price.groupRatio)}`
    : `模型倍率 ${fixed2(price.modelRatio)}，补全倍率 ${fixed2(price.completionRatio)}，分组倍率 ${fixed2(price.groupRatio)}`;
  return extraNotes.length === 0 ? head : head + extraNotes.join('');
}

// Every consume log prints three ratios, and a site has few distinct ones: toFixed costs ~0.3 µs a call.
const FIXED2 = new Map<number, string>();
function fixed2(x: number): string {
  if (x === 0) return goFixed2(x); // a Map holds 0 and -0 as one key, and Go prints them apart
  let s = FIXED2.get(x);
  if (s === undefined) {
    if (FIXED2.size >= 1024) FIXED2.clear();
    FIXED2.set(x, (s = goFixed2(x)));
  }
  return s;
}

export interface StreamStatus {
  status: 'ok' | 'client_gone' | 'upstream_error';
  error?: string;
}

/** Cache writes and their ratios, for the log (relay-quota.ts computes them). */
export interface CacheCreationInfo {
  tokens: number;
  ratio: number;
  /** of `tokens`, the 1-hour writes; 0 when the upstream did not split them */
  tokens1h: number;
  ratio1h: number;
}

export interface ConsumeOtherArgs {
  price: ResolvedPrice;
  cachedTokens: number;
  /** The client spoke Anthropic Messages (new-api: `claude: true`). */
  claude?: boolean;
  /** Cache writes: logged for Claude requests, and for any request that reports some. */
  cacheCreation?: CacheCreationInfo;
  /** First-response time minus start, ms; −1000 for non-stream requests, as new-api logs them. */
  frtMs: number;
  /** Channel ids tried, as strings. */
  useChannel: string[];
  isModelMapped: boolean;
  upstreamModel: string;
  reasoningEffort?: string;
  /** Usage was counted locally because the upstream reported none. */
  estimated?: boolean;
  /** Quota owed beyond the reservation and the user's whole balance, not taken (admin_info.shortfall). */
  shortfall?: number;
  /** Stream requests only. */
  streamStatus?: StreamStatus;
}

/**
 * The `other` JSON of a consume log, keys as new-api writes them (service/log_info_generate.go
 * GenerateTextOtherInfo). Where new-api nests a key, so does this:
 * - `admin_info: { use_channel, local_count_tokens?, shortfall? }` — the console strips admin_info for
 *   non-admins, and new-api (L) puts `local_count_tokens` there, not at the top level; `shortfall` is ours;
 * - `stream_status: { status: 'ok' | 'error', end_reason, end_error? }` — L's shape; our
 *   `client_gone` / `upstream_error` become status `error` with end_reason `client_gone` / `upstream_failed`;
 * - `claude`, `cache_creation_tokens`, `cache_creation_ratio` as B writes them for /v1/messages, plus L's
 *   `cache_creation_tokens_5m` / `_1h` and `cache_creation_ratio_5m` / `_1h` when the writes were split by TTL.
 * Keys come out sorted, as Go's encoding/json prints a map, so the stored text matches byte for byte.
 */
export function buildConsumeOther(args: ConsumeOtherArgs): Record<string, unknown> {
  const { price } = args;
  // Keys are inserted in sorted order (cheaper than sorting per request).
  const adminInfo: Record<string, unknown> = {};
  if (args.estimated) adminInfo.local_count_tokens = true;
  if (args.shortfall) adminInfo.shortfall = args.shortfall;
  adminInfo.use_channel = [...args.useChannel];
  const other: Record<string, unknown> = { admin_info: adminInfo };
  const writes = args.cacheCreation;
  if (writes) {
    const split = writes.tokens1h > 0;
    other.cache_creation_ratio = writes.ratio;
    if (split) other.cache_creation_ratio_1h = writes.ratio1h;
    if (split) other.cache_creation_ratio_5m = writes.ratio;
    other.cache_creation_tokens = writes.tokens;
    if (split) other.cache_creation_tokens_1h = writes.tokens1h;
    if (split) other.cache_creation_tokens_5m = writes.tokens - writes.tokens1h;
  }
  other.cache_ratio = price.cacheRatio;
  other.cache_tokens = args.cachedTokens;
  if (args.claude) other.claude = true;
  other.completion_ratio = price.completionRatio;
  other.frt = args.frtMs;
  other.group_ratio = price.groupRatio;
  if (args.isModelMapped) other.is_model_mapped = true;
  other.model_price = price.modelPrice;
  other.model_ratio = price.modelRatio;
  if (args.reasoningEffort) other.reasoning_effort = args.reasoningEffort;
  if (args.streamStatus) other.stream_status = streamStatusJson(args.streamStatus);
  if (args.isModelMapped) other.upstream_model_name = args.upstreamModel;
  return other;
}

const END_REASON: Record<StreamStatus['status'], string> = { ok: 'done', client_gone: 'client_gone', upstream_error: 'upstream_failed' };

function streamStatusJson(s: StreamStatus): Record<string, unknown> {
  const json: Record<string, unknown> = { end_reason: END_REASON[s.status] };
  if (s.status !== 'ok' && s.error) json.end_error = s.error;
  json.status = s.status === 'ok' ? 'ok' : 'error';
  return json;
}

/**
 * Go's %.2f: the exact binary value rounded to 2 decimals with exact ties to even (0.125 → "0.12"), where
 * JavaScript's toFixed breaks ties upwards ("0.13").
 */
export function goFixed2(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  const abs = Math.abs(x);
  // toFixed switches to exponent form at 1e21; such doubles are integers, so print them exactly.
  if (abs >= 1e21) return `${x < 0 ? '-' : ''}${BigInt(abs)}.00`;
  // A double is an exact 2-decimal tie only if it is an odd multiple of 1/8 (x.125, x.375, …); every
  // other value rounds the same way in both languages.
  const eighths = abs * 8;
  const isTie = Number.isInteger(eighths) && eighths % 2 === 1;
  const down = isTie ? abs.toFixed(3).slice(0, -1) : ''; // "0.125" → "0.12", exact since abs has 3 decimals
  const magnitude = isTie && Number(down.at(-1)) % 2 === 0 ? down : abs.toFixed(2);
  // Go keeps the sign of a negative value that rounds to zero: -0.001 → "-0.00".
  return `${x < 0 || Object.is(x, -0) ? '-' : ''}${magnitude}`;
}
