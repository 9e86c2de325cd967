import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface StaticFile {
  body: Buffer;
  /** compressed variants, made on first request (compressing the whole console at boot costs seconds) */
  compressed(encoding: 'br' | 'gzip'): Buffer | null;
  type: string;
  etag: string;
  cacheControl: string;
}

/**
 * The built console, loaded into memory once with pre-compressed variants: it is small, and serving
 * from memory keeps static requests off the disk and off the relay's path.
 */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(dir)) return files;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(`/${relative(dir, full).split('\\').join('/')}`, toStaticFile(full));
    }
  };
  walk(dir);
  return files;
}

function toStaticFile(path: string): StaticFile {
  const body = readFileSync(path);
  const type = MIME[extname(path)] ?? 'application/octet-stream';
  const compressible = /text|javascript|json|svg|manifest/.test(type) && body.length > 512;
  const hashed = path.includes('/assets/');
  // The shell and the service worker must revalidate so a new build is noticed; hashed assets never change.
  const cacheControl = hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
  const cache: { br?: Buffer; gzip?: Buffer } = {};
  return {
    body,
    type,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    cacheControl,
    compressed(encoding) {
      if (!compressible) return null;
      return (cache[encoding] ??= encoding === 'br' ? brotliCompressSync(body) : gzipSync(body));
    },
  };
}
