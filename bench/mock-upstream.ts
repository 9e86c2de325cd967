// Mock upstream for the benchmark and the gateway's integration tests, speaking
// three dialects from one server: OpenAI (/v1/chat/completions, /v1/responses …), Anthropic
// Messages (/v1/messages …) and Gemini (/v1beta/models/…). Scriptable per request
// (body `mock` object, `mock-…` keys) and recording what it received. See
// bench/README.md for the directives.
import { parseArgs } from 'node:util';
import * as uWS from 'uWebSockets.js';
import { exitWithParent } from './exit-with-parent.js';
import { isMain } from './is-main.js';
import { bedrockInvoke } from './mock-bedrock.js';
import { baiduChat, baiduEmbeddings, baiduToken } from './mock-baidu.js';
import { cozeChat } from './mock-coze.js';
import { difyChatMessages } from './mock-dify.js';
import { mokaEmbeddings } from './mock-mokaai.js';
import { mountMockRealtime } from './mock-realtime.js';
import { tencentHunyuan } from './mock-tencent.js';
import { zhipuV3 } from './mock-zhipu.js';
import { VERTEX_TOKEN_PATH, vertexMock } from './mock-vertex.js';
import { claudeCountTokens, claudeMessages, claudeModels } from './mock/anthropic-endpoints.js';
import { azureDeployment } from './mock/azure-endpoints.js';
import { geminiModelAction, geminiModels, geminiNotFound } from './mock/gemini-endpoints.js';
import { MEDIA_ROUTES } from './mock/media-endpoints.js';
import { readDirectives } from './mock/mock-directives.js';
import { chatCompletions, embeddings, notFound, openAiModels, responses, textCompletions } from './mock/mock-endpoints.js';
import { MockExchange } from './mock/mock-exchange.js';
import type { Dialect, Endpoint } from './mock/mock-request.js';
import { errorBody } from './mock/openai-shapes.js';
import { RequestLog, type MockRecord } from './mock/request-log.js';
import type { Credential } from './mock/scripted-error.js';
import { guarded } from './uws/guarded.js';
import { listen } from './uws/listen.js';
import { readBody } from './uws/read-body.js';

export type { MockRecord } from './mock/request-log.js';
export type { MockDirectives, MockToolCall } from './mock/mock-directives.js';
export { jsonDirectiveKey } from './mock/mock-directives.js';

export interface MockUpstreamOptions {
  port?: number;
  host?: string;
  /** Record received requests (default true). The benchmark turns it off. */
  record?: boolean;
  /** Ring-buffer size of the request log (default 10 000). */
  maxRecords?: number;
}

export interface MockUpstream {
  port: number;
  url: string;
  close(): Promise<void>;
  /** In-process view of the request log, oldest first (same as GET /__mock/requests). */
  requests(): MockRecord[];
  /** Same as POST /__mock/reset. */
  reset(): void;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;

function parseBody(raw: Buffer): unknown {
  if (raw.length === 0) return null;
  const text = raw.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * OpenAI: `Authorization`; Azure: `api-key`; Anthropic: `x-api-key`, else `Authorization: Bearer` (the official SDK sends
 * its API key that way since 1.x); Gemini: `x-goog-api-key`, else the `key` query parameter.
 */
function credentialOf(dialect: Dialect, req: uWS.HttpRequest, query: URLSearchParams): Credential {
  if (dialect === 'openai') return { name: 'Authorization', value: req.getHeader('authorization') };
  if (dialect === 'azure') return { name: 'api-key', value: req.getHeader('api-key') };
  if (dialect === 'anthropic') {
    const key = req.getHeader('x-api-key');
    return key ? { name: 'x-api-key', value: key } : { name: 'Authorization', value: req.getHeader('authorization') };
  }
  const header = req.getHeader('x-goog-api-key');
  return header ? { name: 'x-goog-api-key', value: header } : { name: 'key', value: query.get('key') ?? '' };
}

/**
 * GET /v1/models… is shared: Anthropic's shape when the caller sends Anthropic's version header, Gemini's
 * when it sends a Google key (header or `key` parameter; @google/genai 3.x calls /v1), OpenAI's otherwise.
 */
function modelsDialect(req: uWS.HttpRequest): Dialect {
  if (req.getHeader('anthropic-version')) return 'anthropic';
  if (req.getHeader('x-goog-api-key') || new URLSearchParams(req.getQuery() ?? '').has('key')) return 'gemini';
  return 'openai';
}

function captureRecord(req: uWS.HttpRequest, id: number): MockRecord {
  const headers: Record<string, string> = {};
  req.forEach((name, value) => {
    const seen = headers[name];
    headers[name] = seen === undefined ? value : `${seen}, ${value}`;
  });
  const method = req.getMethod().toUpperCase();
  return { id, method, path: req.getUrl(), query: req.getQuery() ?? '', headers, body: null, time: Date.now(), aborted: false, completed: false };
}

export async function startMockUpstream(opts: MockUpstreamOptions = {}): Promise<MockUpstream> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.record === false ? null : new RequestLog(opts.maxRecords);
  const live = new Set<MockExchange>();
  let nextRecordId = 1;
  let nextSeq = 1;

  const route = (endpoint: Endpoint, withBody: boolean, dialect: Dialect | ((req: uWS.HttpRequest) => Dialect)) =>
    guarded(
      (res: uWS.HttpResponse, req: uWS.HttpRequest) => {
        const record = log ? captureRecord(req, nextRecordId++) : null;
        const exchange = new MockExchange(res, record, (settled) => live.delete(settled));
        live.add(exchange);
        if (log && record) log.add(record);
        // HttpRequest is only valid during this callback: read what we need now.
        const path = req.getUrl();
        const query = new URLSearchParams(req.getQuery() ?? '');
        const spoken = typeof dialect === 'function' ? dialect(req) : dialect;
        const credential = credentialOf(spoken, req, query);
        const anthropicVersion = req.getHeader('anthropic-version');
        const contentType = req.getHeader('content-type');
        const seq = nextSeq++;
        const answer = (body: unknown, raw: Buffer = Buffer.alloc(0)) =>
          endpoint(exchange, { dialect: spoken, body, directives: readDirectives(body, credential.value), seq, credential, path, query, anthropicVersion, raw, contentType });
        if (!withBody) return answer(null);
        readBody(
          res,
          MAX_BODY_BYTES,
          guarded(
            (raw: Buffer) => {
              const body = parseBody(raw);
              if (record) record.body = body;
              answer(body, raw);
            },
            (error) => console.error('mock upstream: body handler failed', error),
          ),
          () => exchange.json(413, errorBody('mock: request body too large', 'mock_413')),
        );
      },
      (error) => console.error('mock upstream: route failed', error),
    );

  const byDialect = (endpoints: Record<Dialect, Endpoint>): Endpoint => (exchange, request) => endpoints[request.dialect](exchange, request);
  const models = byDialect({ anthropic: claudeModels, gemini: geminiModels, openai: openAiModels, azure: openAiModels });
  const model = byDialect({ anthropic: notFound, gemini: geminiModels, openai: notFound, azure: notFound });
  const vertex = vertexMock();
  const app = uWS.App();
  // images, audio, moderations and rerank, on OpenAI's paths and Azure's deployment paths
  for (const [path, endpoint] of MEDIA_ROUTES) {
    app.post(path, route(endpoint, true, 'openai'));
    app.post(`/openai/deployments/:deployment${path.slice('/v1'.length)}`, route(azureDeployment(endpoint), true, 'azure'));
  }
  app
    .post('/v1/chat/completions', route(chatCompletions, true, 'openai'))
    .post('/v1/completions', route(textCompletions, true, 'openai'))
    .post('/v1/embeddings', route(embeddings, true, 'openai'))
    .post('/v1/responses', route(responses, true, 'openai'))
    .post('/openai/deployments/:deployment/chat/completions', route(azureDeployment(chatCompletions), true, 'azure'))
    .post('/openai/deployments/:deployment/completions', route(azureDeployment(textCompletions), true, 'azure'))
    .post('/openai/deployments/:deployment/embeddings', route(azureDeployment(embeddings), true, 'azure'))
    .get('/v1/models', route(models, false, modelsDialect))
    .get('/v1/models/*', route(model, false, modelsDialect))
    .post('/v1/models/*', route(geminiModelAction, true, 'gemini'))
    .post('/v1/messages', route(claudeMessages, true, 'anthropic'))
    .post('/v1/messages/count_tokens', route(claudeCountTokens, true, 'anthropic'))
    .get('/v1beta/models', route(geminiModels, false, 'gemini'))
    .get('/v1beta/models/*', route(geminiModels, false, 'gemini'))
    .post('/v1beta/models/*', route(geminiModelAction, true, 'gemini'))
    .get('/v1beta/*', route(geminiNotFound, false, 'gemini'))
    .any('/v1beta/*', route(geminiNotFound, true, 'gemini'))
    // own-protocol providers (core/providers/hub-adapter.ts): Tencent signs, so its route reads the headers itself
    .post('/', guarded(tencentHunyuan, (error) => console.error('mock upstream: tencent failed', error)))
    .post('/v1/chat-messages', route(difyChatMessages, true, 'openai'))
    .post('/v3/chat', route(cozeChat, true, 'openai'))
    .post('/embeddings', route(mokaEmbeddings, true, 'openai'))
    .post('/oauth/2.0/token', route(baiduToken, true, 'openai'))
    .post('/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/*', route(baiduChat, true, 'openai'))
    .post('/rpc/2.0/ai_custom/v1/wenxinworkshop/embeddings/*', route(baiduEmbeddings, true, 'openai'))
    .post('/api/paas/v3/model-api/*', route(zhipuV3, true, 'openai'))
    // clouds that sign or issue tokens: Vertex AI (OAuth2 + model routes), AWS Bedrock (SigV4, event stream)
    .post(VERTEX_TOKEN_PATH, route(vertex.token, true, 'openai'))
    .post('/__mock/vertex/accounts', route(vertex.register, true, 'openai'))
    .post('/__mock/vertex/revoke', route(vertex.revoke, true, 'openai'))
    .post('/v1/projects/*', route(vertex.modelAction, true, 'openai'))
    .post('/v1beta1/projects/*', route(vertex.openApi, true, 'openai'))
    .post('/model/*', guarded(bedrockInvoke, (error) => console.error('mock upstream: bedrock failed', error)))
    .get('/__mock/requests', (res) => {
      res.writeHeader('Content-Type', 'application/json').end(JSON.stringify(log ? log.list() : []));
    })
    .post('/__mock/reset', (res) => {
      log?.clear();
      res.writeHeader('Content-Type', 'application/json').end('{"ok":true}');
    })
    .get('/*', route(notFound, false, 'openai'))
    .any('/*', route(notFound, true, 'openai'));

  mountMockRealtime(app);
  const port = await listen(app, host, opts.port ?? 0);
  return {
    port,
    url: `http://${host}:${port}`,
    requests: () => (log ? log.list() : []),
    reset: () => log?.clear(),
    close: async () => {
      for (const exchange of live) exchange.dispose();
      app.close();
    },
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '0' }, host: { type: 'string' }, 'no-record': { type: 'boolean' } },
  });
  const mock = await startMockUpstream({
    port: Number(values.port),
    ...(values.host ? { host: values.host } : {}),
    record: !values['no-record'],
  });
  process.stdout.write(`MOCK_UPSTREAM_LISTENING ${mock.port}\n`);
  const stop = () => void mock.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  exitWithParent(stop);
}
