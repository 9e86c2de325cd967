// Vertex AI for the gateway's integration tests: Google's OAuth2 token endpoint (JWT-bearer grant, the
// assertion's RS256 signature checked against the account's registered public key) and the model routes,
// which take only tokens it issued and answer through the mock's Gemini and Anthropic endpoints.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { decodeJwt, jwtVerify } from 'jose';
import { claudeMessages } from './mock/anthropic-endpoints.js';
import { geminiModelAction } from './mock/gemini-endpoints.js';
import { isRecord, readDirectives } from './mock/mock-directives.js';
import { chatCompletions } from './mock/mock-endpoints.js';
import type { Endpoint } from './mock/mock-request.js';

/** Where the mock's token endpoint is: a test's service account sets token_uri to it. */
export const VERTEX_TOKEN_PATH = '/google/oauth2/token';
const MODEL_PATH = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/(google|anthropic)\/models\/([^/:]+):([A-Za-z]+)$/;
const OPENAPI_PATH = /^\/v1beta1\/projects\/[^/]+\/locations\/[^/]+\/endpoints\/openapi\/chat\/completions$/;
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

const oauthError = (description: string) => ({ error: 'invalid_grant', error_description: description });
const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

export interface VertexMock {
  /** POST /__mock/vertex/accounts {client_email, public_key}: the key the account's assertions must verify with */
  register: Endpoint;
  /** POST /__mock/vertex/revoke: every issued token stops working, as an expired one would */
  revoke: Endpoint;
  token: Endpoint;
  modelAction: Endpoint;
  /** POST /v1beta1/projects/{p}/locations/{r}/endpoints/openapi/chat/completions: open models in OpenAI form */
  openApi: Endpoint;
}

export function vertexMock(): VertexMock {
  const accounts = new Map<string, KeyObject>();
  const issued = new Set<string>();
  let nextToken = 1;

  const token: Endpoint = (exchange, { body }) => {
    const form = new URLSearchParams(typeof body === 'string' ? body : '');
    const assertion = form.get('assertion') ?? '';
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !assertion) return exchange.json(400, { error: 'unsupported_grant_type' });
    let email = '';
    try {
      email = String(decodeJwt(assertion).iss ?? '');
    } catch {
      return exchange.json(400, oauthError('Invalid JWT.'));
    }
    const key = accounts.get(email);
    if (!key) return exchange.json(400, oauthError('Invalid grant: account not found'));
    jwtVerify(assertion, key, { algorithms: ['RS256'] }).then(
      ({ payload }) => {
        if (payload.scope !== SCOPE || !String(payload.aud).endsWith(VERTEX_TOKEN_PATH)) return exchange.json(400, oauthError('Invalid JWT: scope or audience'));
        const access = `ya29.mock-${nextToken++}`;
        issued.add(access);
        exchange.json(200, { access_token: access, expires_in: 3599, token_type: 'Bearer' });
      },
      () => exchange.json(400, oauthError('Invalid JWT Signature.')),
    );
  };

  const modelAction: Endpoint = (exchange, request) => {
    const m = MODEL_PATH.exec(request.path);
    if (!m) return exchange.json(404, googleError(404, 'NOT_FOUND', `mock: no such route ${request.path}`));
    const bearer = request.credential.value.replace(/^Bearer /, '');
    if (!issued.has(bearer)) return exchange.json(401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token.'));
    const [, , , publisher, model, action] = m as unknown as [string, string, string, string, string, string];
    if (publisher === 'google') {
      return geminiModelAction(exchange, { ...request, dialect: 'gemini', path: `/v1/models/${model}:${action}`, credential: { name: 'x-goog-api-key', value: bearer } });
    }
    const body = isRecord(request.body) ? request.body : {};
    const stream = action === 'streamRawPredict';
    if (!stream && action !== 'rawPredict') return exchange.json(404, googleError(404, 'NOT_FOUND', `mock: no action ${action}`));
    // Vertex takes the model from the path and the version from the body; a model in the body is refused
    if (body.anthropic_version !== 'vertex-2023-10-16' || 'model' in body) {
      return exchange.json(400, { type: 'error', error: { type: 'invalid_request_error', message: 'anthropic_version: vertex-2023-10-16 required, model not allowed' } });
    }
    const claudeBody = { ...body, model: model.replace('@', '-'), stream };
    claudeMessages(exchange, { ...request, dialect: 'anthropic', body: claudeBody, directives: readDirectives(claudeBody, ''), anthropicVersion: String(body.anthropic_version) });
  };

  const openApi: Endpoint = (exchange, request) => {
    if (!OPENAPI_PATH.test(request.path)) return exchange.json(404, googleError(404, 'NOT_FOUND', `mock: no such route ${request.path}`));
    const bearer = request.credential.value.replace(/^Bearer /, '');
    if (!issued.has(bearer)) return exchange.json(401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token.'));
    // directives come from the body only: the access token is not a mock key
    chatCompletions(exchange, { ...request, directives: readDirectives(request.body, '') });
  };

  const register: Endpoint = (exchange, { body }) => {
    if (!isRecord(body) || typeof body.client_email !== 'string' || typeof body.public_key !== 'string') return exchange.json(400, { error: 'client_email and public_key' });
    accounts.set(body.client_email, createPublicKey(body.public_key));
    exchange.json(200, { ok: true });
  };

  const revoke: Endpoint = (exchange) => {
    issued.clear();
    exchange.json(200, { ok: true });
  };

  return { register, revoke, token, modelAction, openApi };
}
