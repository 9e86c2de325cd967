import { cloudClaudeBody, withoutHeaders } from '../cloud-claude-body.js';
import type { UpstreamCall } from '../provider.js';
import { bedrockModelId } from './bedrock-model-id.js';

const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';
const DIALECT_CREDENTIALS = ['x-api-key', 'anthropic-version', 'anthropic-beta', 'authorization'];

/** The runtime host of a region; a channel base URL (a proxy, a test) wins. */
export const bedrockHost = (base: string, region: string): string => (base ? base.replace(/\/+$/, '') : `https://bedrock-runtime.${region}.amazonaws.com`);

/**
 * The Claude call the dialect built, as Bedrock's InvokeModel (or its streaming twin) takes it: model id (or the
 * region's cross-region inference profile) in the path (its `:` escaped, as the AWS SDK sends it), the version in the body, and anthropic-beta as the body's
 * `anthropic_beta` list since Bedrock reads no Anthropic headers. Unsigned yet.
 */
export function bedrockCall(call: UpstreamCall, o: { base: string; region: string; model: string; stream: boolean }): UpstreamCall {
  const path = `/model/${encodeURIComponent(bedrockModelId(o.model, o.region))}/${o.stream ? 'invoke-with-response-stream' : 'invoke'}`;
  const beta = (call.headers['anthropic-beta'] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const body = cloudClaudeBody(call.body, BEDROCK_ANTHROPIC_VERSION, false);
  return {
    url: bedrockHost(o.base, o.region) + path,
    headers: { ...withoutHeaders(call.headers, DIALECT_CREDENTIALS), 'content-type': 'application/json', accept: o.stream ? 'application/vnd.amazon.eventstream' : 'application/json' },
    body: beta.length ? JSON.stringify({ ...(JSON.parse(body) as Record<string, unknown>), anthropic_beta: beta }) : body,
  };
}
