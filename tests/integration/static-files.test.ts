import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from '../support/gateway.js';

describe('console files and the SPA fallback', () => {
  let gw: TestGateway;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ferryman-pwa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Ferryman</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    gw = await startGateway({ PWA_DIST: dir });
  });
  afterAll(async () => {
    await gw?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the app shell for console routes, revalidated on every load', async () => {
    for (const path of ['/', '/token', '/console/log?p=2', '/setting']) {
      const r = await fetch(`${gw.url}${path}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/text\/html/);
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(await r.text()).toContain('<div id="root">');
    }
  });

  it('never answers API paths with the app shell', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['POST', '/v1/nope'], ['GET', '/v1beta/x'], ['GET', '/assets/missing.js']]) {
      const r = await fetch(`${gw.url}${path}`, { method: method! });
      expect(r.status).toBe(404);
      expect(await r.json()).toEqual({ error: { message: `Invalid URL (${method} ${path})`, type: 'invalid_request_error', param: '', code: '' } });
    }
  });

  it('serves hashed assets immutable and compressed, with ETags', async () => {
    const r = await fetch(`${gw.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toMatch(/immutable/);
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(await r.text()).toContain('console.log');
    const again = await fetch(`${gw.url}/assets/app-abc123.js`, { headers: { 'if-none-match': r.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('keeps the service worker revalidated so a new build is noticed', async () => {
    const r = await fetch(`${gw.url}/sw.js`);
    expect(r.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends a Content-Security-Policy with the app shell: no inline or foreign scripts, no plugins', async () => {
    for (const path of ['/', '/index.html', '/chat2link', '/chat/0']) {
      const r = await fetch(`${gw.url}${path}`);
      const directives = new Map(
        (r.headers.get('content-security-policy') ?? '').split(';').map((d) => {
          const [name, ...sources] = d.trim().split(/\s+/);
          return [name!, sources] as const;
        }),
      );
      expect(directives.get('script-src'), path).toEqual(["'self'", 'https://challenges.cloudflare.com']);
      expect(directives.get('object-src'), path).toEqual(["'none'"]);
      expect(directives.get('base-uri'), path).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors'), path).toEqual(["'self'"]);
      expect(directives.get('connect-src'), path).toEqual(["'self'"]);
      expect(directives.get('default-src'), path).toEqual(["'self'"]);
      // the chat page frames the configured http(s) chat link, and Turnstile its challenge
      expect(directives.get('frame-src'), path).toEqual(["'self'", 'http:', 'https:']);
    }
  });
});
