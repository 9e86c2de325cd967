import { z } from 'zod';

export const chatMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** `POST /pg/chat/completions` body: an OpenAI chat request plus `group`. */
export const playgroundRequestSchema = z.object({
  messages: z.array(chatMessageSchema).min(1),
  stream: z.literal(true),
  model: z.string().min(1),
  group: z.string(),
  temperature: z.number().min(0).max(2).optional(),
  max_tokens: z.number().int().positive().optional(),
});
export type PlaygroundRequest = z.infer<typeof playgroundRequestSchema>;
