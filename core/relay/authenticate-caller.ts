import type { MaybePromise } from '../async/when-ready.js';
import type { AppServices } from '../app-services.js';
import type { Exchange } from '../http/exchange.js';
import { authenticateToken, type Caller } from './authenticate-token.js';
import type { RelayEndpoint } from './endpoints.js';
import { readApiKey } from './parse-token-key.js';
import { playgroundCaller } from './playground-caller.js';

/** The authenticate stage: the API token in the request, or the console session on the playground's route. */
export function authenticateCaller(app: AppServices, endpoint: RelayEndpoint, ex: Exchange, body: Promise<Buffer>): MaybePromise<Caller> {
  if (endpoint.playground) return playgroundCaller(app, ex, body);
  return authenticateToken(app, readApiKey(ex.req.path, ex.req.query, ex.req.headers));
}
