import type { HttpRequest, HttpResponse, TemplatedApp } from 'uWebSockets.js';
import { newRequestId } from './request-id.js';
import type { StaticFile } from './static-files.js';
import { statusLine } from './status-line.js';

const API_PREFIXES = ['/api/', '/v1/', '/v1beta/', '/assets/', '/pg/', '/mj/', '/suno/', '/dashboard/'];
const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * Serves the console and the SPA fallback. Unknown API-looking paths get new-api's JSON 404 instead of
 * the app shell, so a client calling a missing endpoint sees an error, not HTML.
 */
export function mountStatic(app: TemplatedApp, files: Map<string, StaticFile>): void {
  app.any('/*', (res: HttpResponse, req: HttpRequest) => {
    const method = req.getMethod().toUpperCase();
    const url = req.getUrl();
    const accept = req.getHeader('accept-encoding');
    const ifNoneMatch = req.getHeader('if-none-match');
    const isApi = API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api' || url === '/v1';
    const file = method === 'GET' || method === 'HEAD' ? (files.get(url) ?? (isApi ? undefined : files.get('/index.html'))) : undefined;
    res.cork(() => {
      res.writeHeader('X-Oneapi-Request-Id', newRequestId());
      if (!file) {
        res.writeStatus(statusLine(404)).writeHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ error: { message: `Invalid URL (${method} ${url})`, type: 'invalid_request_error', param: '', code: '' } }));
        return;
      }
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.writeHeader(k, v);
      if (ifNoneMatch === file.etag) {
        res.writeStatus(statusLine(304)).writeHeader('ETag', file.etag).end();
        return;
      }
      res.writeStatus(statusLine(200));
      res.writeHeader('Content-Type', file.type).writeHeader('ETag', file.etag).writeHeader('Cache-Control', file.cacheControl);
      res.writeHeader('Vary', 'Accept-Encoding');
      let body = file.body;
      if (file.br && /\bbr\b/.test(accept)) {
        res.writeHeader('Content-Encoding', 'br');
        body = file.br;
      } else if (file.gzip && /\bgzip\b/.test(accept)) {
        res.writeHeader('Content-Encoding', 'gzip');
        body = file.gzip;
      }
      res.end(method === 'HEAD' ? '' : body);
    });
  });
}
