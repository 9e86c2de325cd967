import type { HttpRequest, HttpResponse } from 'uWebSockets.js';
import type { AppServices } from '../app-services.js';
import type { ErrorWriter } from '../formats/format-contracts.js';
import { corsHeaders } from '../http/cors.js';
import { BodyTooLargeError, Exchange } from '../http/exchange.js';
import type { InFlightGate } from '../http/in-flight-gate.js';
import { inflateBody } from '../http/inflate-body.js';
import { newRequestId } from '../http/request-id.js';
import { snapshotRequest } from '../http/request-snapshot.js';
import { admitRequest } from '../relay/admit-request.js';
import { authenticateToken, type Caller } from '../relay/authenticate-token.js';
import { distribute, type Route } from '../relay/distribute.js';
import { readApiKey } from '../relay/parse-token-key.js';
import { openAiErrorBody } from '../formats/openai/openai-error-body.js';
import { localError, RelayError, unexpectedRelayError } from '../relay/relay-error.js';
import { parseJsonText } from './parse-json-text.js';

/** One task-relay request: its exchange, its body (read from the first tick as uWS requires) and its slot on the relay's gate. */
export interface TaskExchange {
  ex: Exchange;
  body: Promise<Buffer>;
  release: () => void;
}

/**
 * Opens a task-relay request, or answers it 503 (`errors`' envelope) when the relay's gate refuses it: over
 * RELAY_MAX_IN_FLIGHT, or the gateway is stopping and must take nothing that could settle after its last flush.
 */
export function openTaskExchange(app: AppServices, res: HttpResponse, req: HttpRequest, params: number, withBody: boolean, gate: InFlightGate, errors: ErrorWriter): TaskExchange | null {
  const ex = new Exchange(res, snapshotRequest(req, res, params), newRequestId());
  ex.defaultHeaders = corsHeaders(ex.req);
  const release = admitRequest(gate, ex, errors);
  if (!release) return null;
  const limit = app.env.MAX_REQUEST_BODY_MB * 1024 * 1024;
  const body = withBody ? ex.readBody(limit).then((raw) => inflateBody(raw, ex.req.headers['content-encoding'], limit)) : Promise.resolve(Buffer.alloc(0));
  body.catch(() => {});
  return { ex, body, release };
}

/**
 * The token caller (new-api TokenAuth, which also holds the token's IP allow-list at L). Failures are
 * RelayErrors, answered in the OpenAI envelope as new-api's middleware does on these routes too.
 */
export async function taskCaller(app: AppServices, ex: Exchange): Promise<Caller> {
  const caller = await authenticateToken(app, readApiKey(ex.req.path, ex.req.query, ex.req.headers));
  const { allowIps } = caller.token;
  if (allowIps && !allowIps.has(app.clientIp(ex.req.remoteIp, ex.req.headers['x-forwarded-for']))) throw localError(403, '您的 IP 不在令牌允许访问的列表中');
  return caller;
}

/** The relay's distributor checks (IP, token group, model limit, a channel exists) for a submit's model. */
export const routeTask = async (app: AppServices, ex: Exchange, caller: Caller, model: string): Promise<Route> =>
  distribute(app, caller, model, () => app.clientIp(ex.req.remoteIp, ex.req.headers['x-forwarded-for']));

/**
 * A JSON object body, or null when the body is not one (also when it cannot be read: a bad encoding, a
 * client gone). A body over MAX_REQUEST_BODY_MB is a 413, as on the rest of the relay.
 */
export async function jsonObjectBody(body: Promise<Buffer>): Promise<Record<string, unknown> | null> {
  const raw = await body.catch((e: unknown) => {
    if (e instanceof BodyTooLargeError) throw localError(413, e.message, 'request_body_too_large', 'invalid_request_error');
    return null;
  });
  const v = raw && parseJsonText(raw.toString('utf8'));
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** A refusal in the route's own envelope (Midjourney-Proxy's or the Suno task error). */
export class TaskAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(JSON.stringify(body));
  }
}

/**
 * Runs a task handler: TaskAnswerErrors are answered as they are; RelayErrors (auth, routing) get the
 * OpenAI envelope, as new-api's middleware answers on these routes too; anything else is a logged 500.
 */
export async function runTaskHandler(app: AppServices, ex: Exchange, handler: () => Promise<void>): Promise<void> {
  try {
    await handler();
  } catch (e) {
    if (ex.aborted) return; // nobody to answer
    if (e instanceof TaskAnswerError) return ex.json(e.status, e.body);
    const err = unexpectedRelayError(e);
    if (!(e instanceof RelayError)) {
      if (err.status === 503) app.log.warn('task relay refused: database unavailable', { path: ex.req.path, code: err.code, error: String(e) });
      else app.log.error('task relay failed', { path: ex.req.path, error: (e as Error).stack });
    }
    ex.json(err.status, openAiErrorBody(err, ex.requestId));
  }
}
