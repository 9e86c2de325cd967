/**
 * What an Anthropic channel sends back, parsed tolerantly: every field may be missing or null, unknown
 * keys stay, and an unknown block or event type is data to skip rather than an error.
 */
import { z } from 'zod';

const count = z.number().nullish();

const claudeUsageSchema = z.looseObject({
  input_tokens: count,
  output_tokens: count,
  cache_creation_input_tokens: count,
  cache_read_input_tokens: count,
  /** the writes split by TTL (newer API versions) */
  cache_creation: z.looseObject({ ephemeral_5m_input_tokens: count, ephemeral_1h_input_tokens: count }).nullish(),
});

const block = z.looseObject({
  type: z.string(),
  text: z.string().nullish(),
  thinking: z.string().nullish(),
  id: z.string().nullish(),
  name: z.string().nullish(),
  input: z.unknown().optional(),
});

export const claudeMessageSchema = z.looseObject({
  id: z.string().nullish(),
  type: z.string().nullish(),
  role: z.string().nullish(),
  model: z.string().nullish(),
  content: z.array(block).nullish(),
  stop_reason: z.string().nullish(),
  stop_sequence: z.string().nullish(),
  usage: claudeUsageSchema.nullish(),
});

const claudeStreamEventSchema = z.looseObject({
  type: z.string(),
  message: claudeMessageSchema.nullish(),
  index: z.number().nullish(),
  content_block: block.nullish(),
  delta: z
    .looseObject({
      type: z.string().nullish(),
      text: z.string().nullish(),
      partial_json: z.string().nullish(),
      thinking: z.string().nullish(),
      stop_reason: z.string().nullish(),
    })
    .nullish(),
  usage: claudeUsageSchema.nullish(),
  error: z.looseObject({ type: z.string().nullish(), message: z.string().nullish() }).nullish(),
});

export type ClaudeMessage = z.infer<typeof claudeMessageSchema>;
export type ClaudeStreamEvent = z.infer<typeof claudeStreamEventSchema>;

/** One `data:` payload as an event, or null when it is not JSON or not an event at all. */
export function parseClaudeEvent(data: string): ClaudeStreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = claudeStreamEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
