import type { HttpRequest, HttpResponse, TemplatedApp } from 'uWebSockets.js';
import type { ApiRateLimit, AppServices } from '../app-services.js';
import type { SessionData } from '../auth/session-cookie.js';
import { sessionCookieSecure } from '../auth/session-cookie-secure.js';
import { DATABASE_FAILURE_ANSWERS, databaseFailureOf } from '../db/database-failure.js';
import { normaliseIp, trustedProxyRule } from '../http/client-ip.js';
import { answerPreflight, corsHeaders } from '../http/cors.js';
import { BodyTooLargeError, Exchange } from '../http/exchange.js';
import { newRequestId } from '../http/request-id.js';
import { snapshotRequest } from '../http/request-snapshot.js';
import type { ApiContext } from './api-context.js';
import type { ApiRoute } from './api-route.js';
import { authenticateUser } from './authenticate-user.js';
import { ApiError, type ApiResult } from './envelope.js';

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

// What Go's strconv.Atoi accepts; a number it accepts but that is out of range stays the route's 无效的参数.
const INTEGER = /^[+-]?\d+$/;

/** Positions of the `:id` parameters in a route pattern (uWS numbers parameters from 0, left to right). */
function idParamIndexes(path: string): number[] {
  return path
    .split('/')
    .filter((s) => s.startsWith(':'))
    .flatMap((name, i) => (name === ':id' ? [i] : []));
}

/** Registers every console route on the uWS app: rate limits → session → role check → handler → envelope. */
export function mountApi(app: TemplatedApp, routes: ApiRoute[], services: AppServices): void {
  const { env } = services;
  const { global: globalLimiter, critical: criticalLimiter } = services.apiRateLimits;
  // Console bodies are small; a relay-sized cap here let one unauthenticated body stall the database.
  const bodyLimit = env.MAX_API_REQUEST_BODY_MB * 1024 * 1024;

  const trustedProxy = trustedProxyRule(env.TRUSTED_PROXIES);

  for (const route of routes) {
    const paramCount = (route.path.match(/:/g) ?? []).length;
    const idParams = idParamIndexes(route.path);
    const handler = (res: HttpResponse, req: HttpRequest) => {
      // A word where an id belongs is a path this server does not have (a sub-route added to new-api later,
      // a typo): uWS moves on to the catch-all, which answers new-api's 404 `Invalid URL` as for any unknown path.
      if (idParams.some((i) => !INTEGER.test(req.getParameter(i) ?? ''))) {
        req.setYield(true);
        return;
      }
      const ex = new Exchange(res, snapshotRequest(req, res, paramCount), newRequestId());
      const body = route.method === 'get' ? Promise.resolve(Buffer.alloc(0)) : ex.readBody(bodyLimit);
      body.catch(() => {});
      void serve(ex, body, route, services, globalLimiter, criticalLimiter, trustedProxy);
    };
    const withSlash = route.path.endsWith('/') ? route.path : `${route.path}/`;
    const withoutSlash = route.path.endsWith('/') ? route.path.slice(0, -1) : route.path;
    const method = route.method === 'delete' ? 'del' : route.method;
    for (const p of new Set([withSlash, withoutSlash])) {
      app[method](p, handler);
      if (route.cors) app.options(p, answerPreflight);
    }
  }
}

async function serve(
  ex: Exchange,
  bodyPromise: Promise<Buffer>,
  route: ApiRoute,
  app: AppServices,
  globalLimiter: ApiRateLimit | null,
  criticalLimiter: ApiRateLimit | null,
  trustedProxy: (ip: string) => boolean,
): Promise<void> {
  const headers: Record<string, string> = { ...NO_STORE, ...(route.cors ? corsHeaders(ex.req) : null) };
  try {
    const ip = app.clientIp(ex.req.remoteIp, ex.req.headers['x-forwarded-for']);
    // new-api answers rate-limit refusals with a bare 429 and no body.
    if (globalLimiter && !(await globalLimiter.hit(ip))) return ex.send(429, '', headers);
    if (route.critical && criticalLimiter && !(await criticalLimiter.hit(ip))) return ex.send(429, '', headers);

    let body: Buffer;
    try {
      body = await bodyPromise;
    } catch (e) {
      if (e instanceof BodyTooLargeError) {
        ex.json(413, { success: false, message: `请求体过大，最大允许 ${e.limit / 1024 / 1024} MB` }, headers);
        return ex.close();
      }
      return;
    }

    let session = await app.sessions.read(ex.req.headers['cookie']);
    let sessionChanged = false;
    const c: ApiContext = {
      ex,
      app,
      params: ex.req.params,
      query: new URLSearchParams(ex.req.query),
      body,
      ip,
      session,
      user: null,
      saveSession(data: SessionData) {
        session = data;
        c.session = data;
        sessionChanged = true;
      },
      clearSession() {
        session = {};
        c.session = {};
        sessionChanged = true;
      },
    };
    if (route.access === 'user' || route.access === 'admin' || route.access === 'root') {
      c.user = await authenticateUser(app, session, ex.req.headers, route.access);
    } else if (route.access === 'try-user' && typeof session.id === 'number') {
      const u = await app.users.get(session.id);
      if (u) c.user = { id: u.id, username: u.username, role: u.role, status: u.status, group: u.group, useAccessToken: false };
    }

    const result = await route.handler(c);
    if (sessionChanged) {
      const secure = sessionCookieSecure({
        forwardedProto: ex.req.headers['x-forwarded-proto'],
        fromTrustedProxy: trustedProxy(normaliseIp(ex.req.remoteIp)),
        serverAddress: app.options.get('ServerAddress'),
      });
      headers['Set-Cookie'] = Object.keys(session).length ? app.sessions.cookie(session, { secure }) : app.sessions.clearCookie({ secure });
    }
    write(ex, result, headers);
  } catch (e) {
    if (e instanceof ApiError) return ex.json(e.status, { success: false, message: e.message }, headers);
    const failure = databaseFailureOf(e);
    if (failure) {
      app.log.warn('console api: database unavailable', { path: ex.req.path, failure, error: String(e) });
      return ex.json(503, { success: false, message: DATABASE_FAILURE_ANSWERS[failure].console }, headers);
    }
    app.log.error('console api handler failed', { path: ex.req.path, error: e instanceof Error ? e.stack : String(e) });
    ex.json(500, { success: false, message: '服务器内部错误，请联系管理员' }, headers);
  }
}

function write(ex: Exchange, result: ApiResult, headers: Record<string, string>): void {
  const all = { ...headers, ...result.headers };
  if (result.raw !== undefined) return ex.send(result.status ?? 200, result.raw, all);
  ex.json(result.status ?? 200, result.body ?? { success: true, message: '' }, all);
}
