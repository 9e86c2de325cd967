import type { AppServices } from '../app-services.js';
import { claudeErrorBody } from '../formats/claude/claude-error-body.js';
import { geminiModelNotFound, geminiModelResource, geminiModelsList } from '../formats/gemini/gemini-models-list.js';
import type { Exchange } from '../http/exchange.js';
import { authenticateToken, type Caller } from './authenticate-token.js';
import type { RelayEndpoint } from './endpoints.js';
import { INBOUND } from './inbound-formats.js';
import { readApiKey } from './parse-token-key.js';
import { RelayError, unexpectedRelayError } from './relay-error.js';

const CREATED = 1626777600;
const CREATED_AT = new Date(CREATED * 1000).toISOString();

const modelObject = (id: string, ownedBy: string) => ({
  id,
  object: 'model',
  created: CREATED,
  owned_by: ownedBy,
  permission: [],
  root: id,
  parent: null,
});

const anthropicModel = (id: string) => ({ type: 'model', id, display_name: id, created_at: CREATED_AT });

/** Anthropic's SDK and Claude Code send anthropic-version; they read Anthropic's list shape. */
const wantsAnthropic = (ex: Exchange) => ex.req.headers['anthropic-version'] !== undefined;
/** A Google client listing /v1/models with its key in x-goog-api-key or `?key=` reads Google's list shape. */
const wantsGemini = (ex: Exchange) => ex.req.headers['x-goog-api-key'] !== undefined || new URLSearchParams(ex.req.query).has('key');

/**
 * The model routes, in the shape of the caller's format: the token's model limits if it has any, otherwise
 * the models with an enabled channel in the caller's group — read from the in-memory directory.
 */
export async function answerModels(app: AppServices, ex: Exchange, endpoint: RelayEndpoint): Promise<void> {
  const anthropic = endpoint.format === 'openai' && wantsAnthropic(ex);
  try {
    const caller = await authenticateToken(app, readApiKey(ex.req.path, ex.req.query, ex.req.headers));
    const group = caller.token.group || caller.user.group;
    if (endpoint.kind === 'models') {
      const ids = usableModels(app, caller, group);
      if (endpoint.format === 'gemini' || (endpoint.path === '/v1/models' && !anthropic && wantsGemini(ex))) return ex.json(200, geminiModelsList(ids));
      if (anthropic) return ex.json(200, { data: ids.map(anthropicModel), has_more: false, first_id: ids[0] ?? null, last_id: ids.at(-1) ?? null });
      return ex.json(200, { success: true, object: 'list', data: ids.map((id) => modelObject(id, app.channels.ownerOf(group, id) ?? 'custom')) });
    }
    const model = decodeURIComponent(ex.req.params[0] ?? '').replace(endpoint.format === 'gemini' ? /^models\// : /^$/, '');
    const allowed = usableModels(app, caller, group).includes(model);
    if (endpoint.format === 'gemini') {
      if (!allowed) throw failure(geminiModelNotFound(model));
      return ex.json(200, geminiModelResource(model));
    }
    if (!allowed) {
      if (anthropic) return ex.json(404, claudeErrorBody.errorBody({ status: 404, message: `model: ${model}`, type: 'not_found_error', code: null }, ex.requestId).body);
      // 200 with an error body, as new-api answers
      return ex.json(200, { error: { message: `The model '${model}' does not exist`, type: 'invalid_request_error', param: 'model', code: 'model_not_found' } });
    }
    ex.json(200, anthropic ? anthropicModel(model) : modelObject(model, app.channels.ownerOf(group, model) ?? 'custom'));
  } catch (e) {
    const err = unexpectedRelayError(e);
    const { status, body } = INBOUND[anthropic ? 'claude' : endpoint.format].errors.errorBody(err, ex.requestId);
    ex.json(status, body);
  }
}

function usableModels(app: AppServices, caller: Caller, group: string): string[] {
  return caller.token.modelLimits ? [...caller.token.modelLimits] : app.channels.modelsFor(group).sort();
}

const failure = (f: { status: number; message: string; type: string; code: string | number | null }) => new RelayError(f.status, f.message, { type: f.type, code: f.code });
