import { expect } from 'vitest';
import type { Suite } from './suite.js';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  shortcuts: { name: string; url: string }[];
}

function pngSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
}

/** A valid, installable manifest (icons reachable) and a service worker that controls the page. */
export async function manifestAndServiceWorker(suite: Suite): Promise<void> {
  const page = suite.page;
  await page.goto('/token');
  const href = await page.getAttribute('link[rel=manifest]', 'href');
  expect(href).toBeTruthy();
  const manifest = (await (await fetch(new URL(href!, suite.gateway.url))).json()) as Manifest;
  expect(manifest.name).toBeTruthy();
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.display).toBe('standalone');
  expect(manifest.scope).toBe('/');
  expect(new URL(manifest.start_url, suite.gateway.url).pathname.startsWith(manifest.scope)).toBe(true);
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.background_color).toMatch(/^#/);
  expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/token', '/log']);
  for (const [size, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']]) {
    const icon = manifest.icons.find((i) => i.sizes === size && (i.purpose ?? 'any').includes(purpose!));
    expect(icon, `${size} ${purpose}`).toBeTruthy();
    const res = await fetch(new URL(icon!.src, suite.gateway.url));
    expect(res.headers.get('content-type')).toContain('image/png');
    expect(pngSize(new Uint8Array(await res.arrayBuffer())).join('x')).toBe(size);
  }
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain('/sw.js');
}
