import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Page, Request } from 'playwright-core';

// The pieces new-api-console.ts drives new-api's own console with: a static server for its built files that
// forwards the gateway's paths, a provider stand-in (billing endpoints; everything else goes to the mock
// upstream) and a recorder of what the console sent, got back and showed.

/** Paths new-api's console calls on its own origin (its vite dev proxy and the Go router's groups). */
const GATEWAY_PREFIXES = ['/api/', '/v1/', '/v1beta/', '/pg/', '/mj/', '/suno/', '/kling/', '/jimeng/'];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain',
};

const listenLocal = (server: Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

function forward(req: IncomingMessage, res: ServerResponse, target: string): void {
  const url = new URL(req.url ?? '/', target);
  const out = request(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  out.on('error', (e) => {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`proxy: ${e.message}`);
  });
  req.pipe(out);
}

/** Serves `dist` (index.html for the console's client-side routes) and forwards the gateway's paths to `gateway`. */
export async function startConsoleServer(dist: string, gateway: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    if (GATEWAY_PREFIXES.some((p) => path.startsWith(p)) || path === '/v1') return forward(req, res, gateway);
    const file = normalize(join(dist, path));
    const found = file.startsWith(dist) && existsSync(file) && statSync(file).isFile() ? file : join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream' });
    res.end(readFileSync(found));
  });
  return { url: await listenLocal(server), server };
}

/** OpenAI's billing endpoints with a fixed answer (hard limit 100 USD, 12.34 used); the rest goes to `upstream`. */
export async function startProviderStandIn(upstream: string): Promise<{ url: string; server: Server }> {
  const billing: Record<string, unknown> = {
    '/v1/dashboard/billing/subscription': { object: 'billing_subscription', has_payment_method: true, hard_limit_usd: 100 },
    '/v1/dashboard/billing/usage': { object: 'list', total_usage: 1234 },
  };
  const server = createServer((req, res) => {
    const answer = billing[(req.url ?? '').split('?')[0]!];
    if (!answer) return forward(req, res, upstream);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
  return { url: await listenLocal(server), server };
}

/** One /api exchange as the console made it: what a replay test sends and what it must get back. */
export interface Exchange {
  step: string;
  method: string;
  path: string;
  body: unknown;
  status: number;
  response: unknown;
}

export interface Toast {
  step: string;
  kind: string;
  text: string;
}

/** Records the console's /api exchanges, its toasts and its uncaught errors, labelled by the step running. */
export class Recorder {
  step = 'start';
  readonly exchanges: Exchange[] = [];
  readonly toasts: Toast[] = [];
  readonly pageErrors: { step: string; message: string }[] = [];

  async attach(page: Page): Promise<void> {
    page.on('requestfinished', (r) => void this.record(r));
    page.on('pageerror', (e) => this.pageErrors.push({ step: this.step, message: e.message }));
    await page.exposeFunction('__ferrymanToast', (kind: string, text: string) => this.toasts.push({ step: this.step, kind, text }));
    // Semi's Toast mounts `.semi-toast-<kind>` nodes; report each once, as it appears.
    await page.addInitScript(() => {
      const seen = new WeakSet<Element>();
      const report = (window as unknown as { __ferrymanToast: (k: string, t: string) => void }).__ferrymanToast;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.semi-toast')) {
          if (seen.has(el)) continue;
          seen.add(el);
          const kind = /semi-toast-(error|warning|success|info)/.exec(el.className)?.[1] ?? 'normal';
          report(kind, (el.textContent ?? '').trim());
        }
      }).observe(document, { childList: true, subtree: true });
    });
  }

  private async record(r: Request): Promise<void> {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    const step = this.step;
    const res = await r.response();
    const text = res ? await res.text().catch(() => '') : '';
    let response: unknown = text;
    try {
      response = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    let body: unknown = r.postData();
    try {
      body = body === null ? undefined : JSON.parse(body as string);
    } catch {
      // not JSON: kept as sent
    }
    this.exchanges.push({ step, method: r.method(), path: url.pathname + url.search, body, status: res?.status() ?? 0, response });
  }

  /** What went wrong in a step: error toasts, non-2xx or success:false answers, uncaught errors. */
  problems(step: string): string[] {
    const out: string[] = [];
    for (const t of this.toasts) if (t.step === step && (t.kind === 'error' || t.kind === 'warning')) out.push(`toast ${t.kind}: ${t.text}`);
    for (const x of this.exchanges) {
      if (x.step !== step) continue;
      const failed = x.status >= 400 || (typeof x.response === 'object' && x.response !== null && (x.response as { success?: unknown }).success === false);
      if (failed) out.push(`${x.method} ${x.path} → ${x.status} ${JSON.stringify(x.response).slice(0, 200)}`);
    }
    for (const e of this.pageErrors) if (e.step === step) out.push(`page error: ${e.message}`);
    return out;
  }
}
