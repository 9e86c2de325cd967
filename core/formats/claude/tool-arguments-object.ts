/**
 * OpenAI tool-call arguments as Claude's tool_use `input`, which must be a JSON object: arguments that
 * are empty or not an object give `{}` (an empty call still lets the conversation go on).
 */
export function toolArgumentsObject(args: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(args);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
