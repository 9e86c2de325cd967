// One request as the mock's endpoints see it, and the scripting every endpoint shares.
import type { MockExchange } from './mock-exchange.js';
import type { MockDirectives } from './mock-directives.js';
import type { Credential } from './scripted-error.js';

/** Which API a request speaks; it decides where the key is read from. */
export type Dialect = 'openai' | 'azure' | 'anthropic' | 'gemini';

export interface MockRequest {
  dialect: Dialect;
  body: unknown;
  directives: MockDirectives;
  /** Per-server counter used for response ids. */
  seq: number;
  /** Where the key came from (echoed back under `echo_auth`). */
  credential: Credential;
  /** The URL path, without the query. */
  path: string;
  query: URLSearchParams;
  /** The anthropic-version header ('' when absent). */
  anthropicVersion: string;
  /** The body's bytes and Content-Type, for the multipart routes (images/edits, audio/transcriptions). */
  raw: Buffer;
  contentType: string;
}

export type Endpoint = (exchange: MockExchange, request: MockRequest) => void;

/** How a dialect answers a scripted failure: its error body for `status`, and the body of `body_error_in_200`. */
export interface FailureShape {
  status(request: MockRequest, status: number): unknown;
  errorIn200(request: MockRequest): unknown;
}

/** Applies the shared scripting (delay, forced status, error in a 200) before the endpoint answers. */
export function scripted(failures: FailureShape, produce: Endpoint): Endpoint {
  return (exchange, request) => {
    const d = request.directives;
    exchange.later(d.delay_ms ?? 0, () => {
      if (d.status !== undefined && d.status > 200 && d.status <= 599) return exchange.json(d.status, failures.status(request, d.status));
      if (d.body_error_in_200) return exchange.json(200, failures.errorIn200(request));
      produce(exchange, request);
    });
  };
}
