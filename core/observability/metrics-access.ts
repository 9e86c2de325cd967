import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read /metrics: nobody when METRICS_TOKEN is unset (404, as if there were no such route), a
 * scraper sending `Authorization: Bearer <METRICS_TOKEN>` (200), anyone else 401. Compared as digests in
 * constant time, so neither the token's length nor its prefix leaks through timing.
 */
export function metricsAccess(token: string | undefined, authorization: string | undefined): 200 | 401 | 404 {
  if (!token) return 404;
  const m = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '');
  if (!m) return 401;
  return timingSafeEqual(digest(m[1]!), digest(token)) ? 200 : 401;
}
