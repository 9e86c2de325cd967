import type { MockDirectives } from './mock-directives.js';
import { errorBody } from './openai-shapes.js';

/** The header (or query parameter) a request's key arrived in, for `echo_auth`. */
export interface Credential {
  name: string;
  value: string;
}

/** Under `echo_auth`, the message with the credentials the mock received appended, as some upstreams quote the key they rejected. */
export function echoed(d: MockDirectives, message: string, credential: Credential): string {
  return d.echo_auth ? `${message} (received ${credential.name}: ${credential.value})` : message;
}

/** The OpenAI error body of a scripted failure: the default message and code, with the test's own `error` fields laid over them. */
export function scriptedError(d: MockDirectives, message: string, code: string, credential: Credential): Record<string, unknown> {
  const error: Record<string, unknown> = { ...(errorBody(message, code).error as Record<string, unknown>), ...d.error };
  if (d.echo_auth) error.message = echoed(d, String(error.message), credential);
  return { error };
}
