import type { HttpRequest, HttpResponse, TemplatedApp } from 'uWebSockets.js';
import { CONSOLE_CSP } from './console-csp.js';
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
    // uWS sends "200 OK" as soon as any header is written, so every branch writes its status first.
    res.cork(() => {
      if (!file) {
        res.writeStatus(statusLine(404)).writeHeader('X-Oneapi-Request-Id', newRequestId()).writeHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ error: { message: `Invalid URL (${method} ${url})`, type: 'invalid_request_error', param: '', code: '' } }));
        return;
      }
      if (ifNoneMatch === file.etag) {
        res.writeStatus(statusLine(304)).writeHeader('ETag', file.etag).end();
        return;
      }
      res.writeStatus(statusLine(200)).writeHeader('X-Oneapi-Request-Id', newRequestId());
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.writeHeader(k, v);
      if (file.type.startsWith('text/html')) res.writeHeader('Content-Security-Policy', CONSOLE_CSP);
      res.writeHeader('Content-Type', file.type).writeHeader('ETag', file.etag).writeHeader('Cache-Control', file.cacheControl);
      res.writeHeader('Vary', 'Accept-Encoding');
      let body = file.body;
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
      const compressed = encoding ? file.compressed(encoding) : null;
      if (encoding && compressed) {
        res.writeHeader('Content-Encoding', encoding);
        body = compressed;
      }
      res.end(method === 'HEAD' ? '' : body);
    });
  });
}
