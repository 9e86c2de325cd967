/**
 * The client side of `POST /v1/messages`: exact on every field the gateway reads, loose elsewhere, so a
 * field Anthropic adds later (or a content block type we do not translate) still reaches a Claude channel.
 */
import { z } from 'zod';

const cacheControl = z.looseObject({ type: z.string(), ttl: z.string().optional() });
const withCache = { cache_control: cacheControl.nullish() };

const textBlock = z.looseObject({ type: z.literal('text'), text: z.string(), ...withCache });

const base64Source = z.looseObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() });
const urlSource = z.looseObject({ type: z.literal('url'), url: z.string() });
const fileSource = z.looseObject({ type: z.literal('file'), file_id: z.string() });

const imageBlock = z.looseObject({
  type: z.literal('image'),
  source: z.discriminatedUnion('type', [base64Source, urlSource, fileSource]),
  ...withCache,
});

const documentBlock = z.looseObject({
  type: z.literal('document'),
  source: z.discriminatedUnion('type', [
    base64Source,
    urlSource,
    fileSource,
    z.looseObject({ type: z.literal('text'), media_type: z.string().optional(), data: z.string() }),
    z.looseObject({ type: z.literal('content'), content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]) }),
  ]),
  title: z.string().nullish(),
  ...withCache,
});

const toolUseBlock = z.looseObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.record(z.string(), z.unknown()), ...withCache });

const toolResultBlock = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textBlock, imageBlock, documentBlock]))]).optional(),
  is_error: z.boolean().optional(),
  ...withCache,
});

const thinkingBlock = z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() });
const redactedThinkingBlock = z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() });

const knownBlocks = [textBlock, imageBlock, documentBlock, toolUseBlock, toolResultBlock, thinkingBlock, redactedThinkingBlock] as const;
const KNOWN_BLOCK_TYPES: ReadonlySet<string> = new Set(knownBlocks.map((b) => b.shape.type.value));

/** server_tool_use, web_search_tool_result, search_result…: carried to Claude channels, dropped in translation */
const otherBlock = z.looseObject({ type: z.string().refine((t) => !KNOWN_BLOCK_TYPES.has(t), { abort: true }) });

const knownBlock = z.discriminatedUnion('type', [...knownBlocks]);
const contentBlock = z.union([knownBlock, otherBlock]);

const customTool = z.looseObject({
  type: z.literal('custom').optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  input_schema: z.record(z.string(), z.unknown()),
  ...withCache,
});
/** Anthropic-hosted tools (web_search_20250305, bash_…, text_editor_…): a versioned type and a name. */
const serverTool = z.looseObject({ type: z.string().refine((t) => t !== 'custom', { abort: true }), name: z.string() });

const parallel = { disable_parallel_tool_use: z.boolean().optional() };

export const claudeRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(z.looseObject({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), z.array(contentBlock)]) })).min(1),
  system: z.union([z.string(), z.array(textBlock)]).optional(),
  max_tokens: z.number().int().min(1),
  stop_sequences: z.array(z.string()).optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(0).optional(),
  stream: z.boolean().optional(),
  metadata: z.looseObject({ user_id: z.string().nullish() }).optional(),
  tools: z.array(z.union([customTool, serverTool])).optional(),
  tool_choice: z
    .discriminatedUnion('type', [
      z.looseObject({ type: z.enum(['auto', 'any', 'none']), ...parallel }),
      z.looseObject({ type: z.literal('tool'), name: z.string(), ...parallel }),
    ])
    .optional(),
  thinking: z
    .discriminatedUnion('type', [
      z.looseObject({ type: z.literal('enabled'), budget_tokens: z.number().int().min(1) }),
      z.looseObject({ type: z.enum(['disabled', 'adaptive']) }),
    ])
    .optional(),
});

export type ClaudeRequest = z.infer<typeof claudeRequestSchema>;
export type ClaudeMessageParam = ClaudeRequest['messages'][number];
export type KnownClaudeBlock = z.infer<typeof knownBlock>;
export type ClaudeTextBlock = z.infer<typeof textBlock>;
export type ClaudeDocumentSource = z.infer<typeof documentBlock>['source'];
type ClaudeContentBlock = z.infer<typeof contentBlock>;
type ClaudeTool = NonNullable<ClaudeRequest['tools']>[number];
type ClaudeCustomTool = z.infer<typeof customTool>;

/** `type: string` on the catch-all block defeats narrowing; this guard restores it. */
export const isKnownBlock = (b: ClaudeContentBlock): b is KnownClaudeBlock => KNOWN_BLOCK_TYPES.has(b.type);

export const isCustomTool = (t: ClaudeTool): t is ClaudeCustomTool => t.type === undefined || t.type === 'custom';
