import type { AppServices } from '../app-services.js';
import type { Exchange } from '../http/exchange.js';
import type { TaskUpstream } from './task-upstream.js';

/** What every task-relay handler works with. */
export interface TaskContext {
  app: AppServices;
  /** cut when the gateway stops with this request still waiting on it */
  upstream: TaskUpstream;
  ex: Exchange;
  body: Promise<Buffer>;
  /** signs forwarded image links (SESSION_SECRET, as new-api) */
  secret: string;
}

/** The upstream path of a Midjourney route: `/mj/…` with any `/:mode` prefix dropped, plus the query. */
export const mjUpstreamPath = (suffix: string, query: string): string => `/mj/${suffix}${query ? `?${query}` : ''}`;
