import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MockUpstream {
  url: string;
  close: () => Promise<void>;
}

const REPLY = ['Hello', ' from', ' the', ' Ferryman', ' mock', ' upstream.'];

/** A tiny OpenAI-compatible upstream: /v1/models and /v1/chat/completions (plain and SSE, with usage). */
export async function startMockUpstream(): Promise<MockUpstream> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url?.startsWith('/v1/models')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', created: 0, owned_by: 'mock' }] }));
        return;
      }
      if (!req.url?.startsWith('/v1/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(body || '{}') as { model?: string; stream?: boolean };
      const model = request.model ?? 'gpt-4o-mini';
      const usage = { prompt_tokens: 21, completion_tokens: REPLY.length, total_tokens: 21 + REPLY.length };
      if (!request.stream) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ id: 'chatcmpl-mock', object: 'chat.completion', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, message: { role: 'assistant', content: REPLY.join('') }, finish_reason: 'stop' }], usage }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      const chunk = (delta: object, finish: string | null, extra: object = {}) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
      let i = 0;
      const timer = setInterval(() => {
        if (i < REPLY.length) {
          res.write(chunk(i === 0 ? { role: 'assistant', content: REPLY[i] } : { content: REPLY[i] }, null));
          i++;
          return;
        }
        clearInterval(timer);
        res.write(chunk({}, 'stop', { usage }));
        res.end('data: [DONE]\n\n');
      }, 40);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
