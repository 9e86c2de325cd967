import type { MockDirectives } from './mock-directives.js';
import { errorBody } from './openai-shapes.js';

/**
 * The error body of a scripted failure: the default message and code, with the test's own `error`
 * fields laid over them and, under `echo_auth`, the credentials the mock received appended to the
 * message, the way some upstreams quote the key they rejected.
 */
export function scriptedError(d: MockDirectives, message: string, code: string, authorization: string): Record<string, unknown> {
  const error: Record<string, unknown> = { ...(errorBody(message, code).error as Record<string, unknown>), ...d.error };
  if (d.echo_auth) error.message = `${String(error.message)} (received Authorization: ${authorization})`;
  return { error };
}
