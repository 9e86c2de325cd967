import type { RouteAccess } from '../auth/roles.js';
import type { ApiContext } from './api-context.js';
import type { ApiResult } from './envelope.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface ApiRoute {
  method: HttpMethod;
  /** uWS pattern, e.g. /api/token/:id; the form with or without a trailing slash is accepted too. */
  path: string;
  access: RouteAccess;
  /** Shares new-api's CriticalRateLimit bucket (login, register, verification, reset, OAuth). */
  critical?: boolean;
  /** Only /api/log/token answers cross-origin requests. */
  cors?: boolean;
  handler: (c: ApiContext) => Promise<ApiResult> | ApiResult;
}
