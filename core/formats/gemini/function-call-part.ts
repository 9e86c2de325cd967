import type { GeminiPart } from './gemini-request-schema.js';

/** Chat tool-call arguments (a JSON string) as Gemini's args object: '' is {}, anything but a JSON object is null. */
export function parseToolArguments(raw: string | undefined): Record<string, unknown> | null {
  if (!raw || !raw.trim()) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A chat tool call as a Gemini functionCall part. An answer's arguments that are not a JSON object are kept
 * under `arguments` rather than dropped, so the client sees what the model wrote.
 */
export function functionCallPart(name: string, rawArgs: string | undefined, signature?: string | null): GeminiPart {
  const args = parseToolArguments(rawArgs) ?? { arguments: rawArgs };
  return signature ? { functionCall: { name, args }, thoughtSignature: signature } : { functionCall: { name, args } };
}
