import type { MaybePromise } from '../async/when-ready.js';
import type { TokenCounter } from '../../workers/pool.js';
import { tokensFromBytes } from '../billing/estimate-pre-consume.js';
import type { Logger } from '../log/logger.js';
import { clampUsage } from './clamp-usage.js';
import type { RelayOutcome } from './relay-outcome.js';
import type { RelayRequest } from './relay-request.js';
import { resolveUsage, type ResolvedUsage } from './resolve-usage.js';

/**
 * The usage a request is billed and logged with: the upstream's, or counted locally (resolveUsage). When
 * the local count fails or times out, the byte estimate the reservation was made with, applied to the
 * request body and to the text delivered, so a failed count never makes a request free. Then clamped to
 * what the request could honestly have used, with a warning when the upstream reported more.
 */
export function billableUsage(counter: TokenCounter, log: Logger, req: RelayRequest, out: RelayOutcome): MaybePromise<ResolvedUsage> {
  let resolved: MaybePromise<ResolvedUsage>;
  try {
    resolved = resolveUsage(counter, req, out);
  } catch (e) {
    return clamped(log, req, out, byteEstimate(log, req, out, e));
  }
  if (!(resolved instanceof Promise)) return clamped(log, req, out, resolved);
  return resolved.then(
    (r) => clamped(log, req, out, r),
    (e: unknown) => clamped(log, req, out, byteEstimate(log, req, out, e)),
  );
}

function byteEstimate(log: Logger, req: RelayRequest, out: RelayOutcome, e: unknown): ResolvedUsage {
  log.error('token counting failed; billing a byte estimate', { error: String(e) });
  const prompt = tokensFromBytes(req.raw.length);
  const completion = tokensFromBytes(Buffer.byteLength(out.delivered().text));
  return { usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion }, estimated: true };
}

function clamped(log: Logger, req: RelayRequest, out: RelayOutcome, resolved: ResolvedUsage): ResolvedUsage {
  const { usage, clamped } = clampUsage(resolved.usage, out.bounds);
  if (clamped.length > 0) {
    // Field names without "token": the logger masks any field whose name looks like a credential.
    log.warn('usage clamped to what the request could use', {
      channel: out.channelId,
      model: req.model,
      fields: clamped,
      reported: { prompt: resolved.usage.prompt_tokens, completion: resolved.usage.completion_tokens },
      bounds: out.bounds,
    });
  }
  return { usage, estimated: resolved.estimated };
}
