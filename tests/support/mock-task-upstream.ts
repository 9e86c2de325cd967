import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TaskUpstreamRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** A scripted answer: a JSON value, or raw text (garbage) when `raw` is set. */
export interface ScriptedAnswer {
  status?: number;
  json?: unknown;
  raw?: string;
}

export interface MockTaskUpstream {
  url: string;
  requests: TaskUpstreamRequest[];
  /** the next submit (MJ or Suno) gets this answer instead of an accepted task */
  answerNextSubmit(a: ScriptedAnswer): void;
  /** the next submit is answered as it would be, but only after `ms` (or never, if the gateway hangs up first) */
  delayNextSubmit(ms: number): void;
  /** what list-by-condition reports for a Midjourney task (merged into what it reported so far) */
  setMjTask(id: string, fields: Record<string, unknown>): void;
  /** what /suno/fetch reports for a Suno task */
  setSunoTask(id: string, fields: Record<string, unknown>): void;
  /** the task is no longer reported at all */
  forget(id: string): void;
  stop(): Promise<void>;
}

/** A PNG signature and a few bytes: enough to tell the proxied image from anything else. */
export const FAKE_PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/**
 * A Midjourney-Proxy and Suno-API stand-in on 127.0.0.1: submits are accepted with fresh ids (and
 * reported as SUBMITTED until a test says otherwise), polls answer what the test set, and /img/* serves
 * FAKE_PNG. Every request is recorded.
 */
export async function startMockTaskUpstream(): Promise<MockTaskUpstream> {
  const requests: TaskUpstreamRequest[] = [];
  const scripted: ScriptedAnswer[] = [];
  const delays: number[] = [];
  const mj = new Map<string, Record<string, unknown>>();
  const suno = new Map<string, Record<string, unknown>>();
  let seq = 0;

  const send = (res: ServerResponse, a: ScriptedAnswer) => {
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
    res.end(a.raw ?? JSON.stringify(a.json));
  };
  const reported = (store: Map<string, Record<string, unknown>>, ids: unknown) =>
    (Array.isArray(ids) ? ids : []).flatMap((id) => (store.has(String(id)) ? [store.get(String(id))!] : []));

  const handle = (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    const path = (req.url ?? '').split('?')[0]!;
    const ids = (body as { ids?: unknown } | null)?.ids;
    if (path.startsWith('/img/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(FAKE_PNG);
    }
    if (path.startsWith('/mj/submit/') || path === '/mj/insight-face/swap' || path.startsWith('/suno/submit/')) {
      const delay = delays.shift();
      if (delay !== undefined) {
        const timer = setTimeout(() => handle(req, res, body), delay);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      const next = scripted.shift();
      if (next) return send(res, next);
      const id = `${Date.now()}${String(++seq).padStart(4, '0')}`;
      if (path.startsWith('/suno/')) {
        suno.set(id, { task_id: id, status: 'SUBMITTED', submit_time: Math.floor(Date.now() / 1000) });
        return send(res, { json: { code: 'success', message: '', data: id } });
      }
      mj.set(id, { id, status: 'SUBMITTED', progress: '0%', submitTime: Date.now() });
      return send(res, { json: { code: 1, description: '提交成功', result: id, properties: {} } });
    }
    if (path === '/mj/task/list-by-condition') return send(res, { json: reported(mj, ids) });
    if (/^\/mj\/task\/[^/]+\/image-seed$/.test(path)) return send(res, { json: { code: 1, description: 'ok', result: 'seed-42' } });
    if (path === '/suno/fetch') return send(res, { json: { code: 'success', message: '', data: reported(suno, ids) } });
    send(res, { status: 404, json: { error: 'not found' } });
  };

  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // recorded as text
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerNextSubmit: (a) => scripted.push(a),
    delayNextSubmit: (ms) => delays.push(ms),
    setMjTask: (id, fields) => mj.set(id, { ...mj.get(id), id, ...fields }),
    setSunoTask: (id, fields) => suno.set(id, { ...suno.get(id), task_id: id, ...fields }),
    forget: (id) => {
      mj.delete(id);
      suno.delete(id);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // a delayed submit's connection would hold close() until its answer
        server.closeAllConnections();
      }),
  };
}
