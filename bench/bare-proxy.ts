// The floor for the benchmark: the least a uWS + undici gateway can do per
// request. No auth, no billing, no parsing; whatever Ferryman costs on top of
// this is the price of its features.
import { parseArgs } from 'node:util';
import { Pool, type Dispatcher } from 'undici';
import * as uWS from 'uWebSockets.js';
import { exitWithParent } from './exit-with-parent.js';
import { isMain } from './is-main.js';
import { guarded } from './uws/guarded.js';
import { listen } from './uws/listen.js';
import { readBody } from './uws/read-body.js';
import { statusLine } from './uws/status-line.js';

export interface BareProxyOptions {
  port?: number;
  host?: string;
  /** Base URL of the upstream, e.g. http://127.0.0.1:4000 */
  target: string;
}

export interface BareProxy {
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const BAD_GATEWAY = JSON.stringify({ error: { message: 'bare proxy: upstream failed', type: 'upstream_error' } });

function forward(pool: Pool, res: uWS.HttpResponse, req: uWS.HttpRequest): void {
  const abort = new AbortController();
  let gone = false;
  res.onAborted(() => {
    gone = true;
    abort.abort();
  });
  const method = req.getMethod().toUpperCase();
  const query = req.getQuery();
  const path = query ? `${req.getUrl()}?${query}` : req.getUrl();
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'authorization', 'accept']) {
    const value = req.getHeader(name);
    if (value) headers[name] = value;
  }
  const hasBody = req.getHeader('content-length') !== '' || req.getHeader('transfer-encoding') !== '';

  const send = async (body: Buffer | undefined): Promise<void> => {
    let upstream: Dispatcher.ResponseData;
    try {
      upstream = await pool.request({ method, path, headers, body, signal: abort.signal });
    } catch {
      if (!gone) res.cork(() => res.writeStatus('502 Bad Gateway').writeHeader('Content-Type', 'application/json').end(BAD_GATEWAY));
      return;
    }
    const { statusCode, body: stream } = upstream;
    const contentType = upstream.headers['content-type'];
    let headWritten = false;
    // Status and headers go out with the first chunk, in the same syscall.
    const writeHead = () => {
      if (headWritten) return;
      headWritten = true;
      res.writeStatus(statusLine(statusCode));
      if (typeof contentType === 'string') res.writeHeader('Content-Type', contentType);
    };
    stream.on('data', (chunk: Buffer) => {
      if (gone) return;
      let ok = true;
      res.cork(() => {
        writeHead();
        ok = res.write(chunk);
      });
      if (ok) return;
      stream.pause();
      res.onWritable(() => {
        stream.resume();
        return true;
      });
    });
    stream.on('end', () => {
      if (!gone) res.cork(() => { writeHead(); res.end(); });
    });
    // Upstream died mid-body (or we aborted it): drop the client connection so
    // it sees a truncated response instead of a clean end.
    stream.on('error', () => {
      if (!gone) res.cork(() => res.close());
    });
  };

  const start = (body: Buffer | undefined) => void send(body);
  if (!hasBody) return start(undefined);
  readBody(res, MAX_BODY_BYTES, start, () => {
    gone = true;
    res.cork(() => res.writeStatus('413 Payload Too Large').end());
  });
}

export async function startBareProxy(opts: BareProxyOptions): Promise<BareProxy> {
  const pool = new Pool(opts.target, { connections: 256, pipelining: 1, keepAliveTimeout: 60_000 });
  const app = uWS.App().any(
    '/*',
    guarded(
      (res: uWS.HttpResponse, req: uWS.HttpRequest) => forward(pool, res, req),
      (error) => console.error('bare proxy: request failed', error),
    ),
  );
  const port = await listen(app, opts.host ?? '127.0.0.1', opts.port ?? 0);
  return {
    port,
    close: async () => {
      app.close();
      await pool.destroy();
    },
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, host: { type: 'string' }, target: { type: 'string' } } });
  if (!values.target) {
    console.error('usage: tsx bench/bare-proxy.ts --port 0 --target http://127.0.0.1:PORT');
    process.exit(2);
  }
  const proxy = await startBareProxy({ port: Number(values.port), target: values.target, ...(values.host ? { host: values.host } : {}) });
  process.stdout.write(`BARE_PROXY_LISTENING ${proxy.port}\n`);
  const stop = () => void proxy.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  exitWithParent(stop);
}
