import type * as uWS from 'uWebSockets.js';

/**
 * The mock's realtime socket (OpenAI's /v1/realtime?model=…, Azure's /openai/realtime?deployment=…): it answers
 * `session.created`, and each `response.create` with a few audio and text deltas then `response.done` carrying
 * MOCK_REALTIME_USAGE; a binary frame is echoed back. The key (Bearer or api-key) scripts failures:
 * - `mock-realtime-401`: the upgrade is refused with 401 and an OpenAI error body;
 * - `mock-realtime-drop`: the socket is cut (no close frame) right after the first `response.done`;
 * - `mock-realtime-nousage`: `response.done` carries no usage (the gateway counts the response itself).
 * GET /__mock/realtime lists the upgrades seen (path, query, authorization, api-key, openai-beta, protocol).
 */
export const MOCK_REALTIME_USAGE = {
  total_tokens: 390,
  input_tokens: 130,
  output_tokens: 260,
  input_token_details: { cached_tokens: 20, text_tokens: 50, audio_tokens: 80, cached_tokens_details: { text_tokens: 10, audio_tokens: 10 } },
  output_token_details: { text_tokens: 60, audio_tokens: 200 },
} as const;

export const MOCK_REALTIME_REFUSE_KEY = 'mock-realtime-401';
export const MOCK_REALTIME_DROP_KEY = 'mock-realtime-drop';
export const MOCK_REALTIME_NO_USAGE_KEY = 'mock-realtime-nousage';

export interface RealtimeUpgradeRecord {
  path: string;
  query: string;
  authorization: string;
  apiKey: string;
  openaiBeta: string;
  protocol: string;
}

interface Peer {
  key: string;
  responses: number;
}

const event = (type: string, fields: Record<string, unknown> = {}) => JSON.stringify({ type, event_id: `evt_mock_${Math.random().toString(36).slice(2, 10)}`, ...fields });

export function mountMockRealtime(app: uWS.TemplatedApp): void {
  const seen: RealtimeUpgradeRecord[] = [];
  const behaviour: uWS.WebSocketBehavior<Peer> = {
    idleTimeout: 0,
    upgrade: (res, req, context) => {
      const record: RealtimeUpgradeRecord = {
        path: req.getUrl(),
        query: req.getQuery() ?? '',
        authorization: req.getHeader('authorization'),
        apiKey: req.getHeader('api-key'),
        openaiBeta: req.getHeader('openai-beta'),
        protocol: req.getHeader('sec-websocket-protocol'),
      };
      seen.push(record);
      const key = record.apiKey || record.authorization.replace(/^Bearer /i, '');
      if (key === MOCK_REALTIME_REFUSE_KEY) {
        res.writeStatus('401 Unauthorized').writeHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ error: { message: 'Incorrect API key provided: mock-rea**********401', type: 'invalid_request_error', code: 'invalid_api_key' } }));
        return;
      }
      res.upgrade<Peer>({ key, responses: 0 }, req.getHeader('sec-websocket-key'), record.protocol ? 'realtime' : '', req.getHeader('sec-websocket-extensions'), context);
    },
    open: (ws) => {
      ws.send(event('session.created', { session: { id: 'sess_mock', object: 'realtime.session' } }));
    },
    message: (ws, message, isBinary) => {
      if (isBinary) {
        ws.send(message, true);
        return;
      }
      let type: unknown;
      try {
        type = (JSON.parse(Buffer.from(message).toString('utf8')) as { type?: unknown }).type;
      } catch {
        ws.send(event('error', { error: { type: 'invalid_request_error', code: 'invalid_json', message: 'mock: not JSON' } }));
        return;
      }
      if (type !== 'response.create') return;
      const peer = ws.getUserData();
      const id = `resp_mock_${++peer.responses}`;
      ws.cork(() => {
        ws.send(event('response.created', { response: { id, object: 'realtime.response', status: 'in_progress' } }));
        for (const delta of ['AAEC', 'AwQF']) ws.send(event('response.audio.delta', { response_id: id, delta }));
        for (const delta of ['Hello', ' there']) ws.send(event('response.text.delta', { response_id: id, delta }));
        const response: Record<string, unknown> = { id, object: 'realtime.response', status: 'completed' };
        if (peer.key !== MOCK_REALTIME_NO_USAGE_KEY) response.usage = MOCK_REALTIME_USAGE;
        ws.send(event('response.done', { response }));
      });
      // close() is an abrupt cut: the peer sees 1006, no close frame
      if (peer.key === MOCK_REALTIME_DROP_KEY) setTimeout(() => ws.close(), 50);
    },
  };
  app.ws<Peer>('/v1/realtime', behaviour);
  app.ws<Peer>('/openai/realtime', behaviour);
  app.get('/__mock/realtime', (res) => {
    res.writeHeader('Content-Type', 'application/json').end(JSON.stringify(seen));
  });
}
