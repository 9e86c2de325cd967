import type { AppServices } from '../app-services.js';
import type { Exchange } from '../http/exchange.js';
import { authenticateToken } from './authenticate-token.js';
import { readApiKey } from './parse-token-key.js';
import { openAiErrorBody, RelayError } from './relay-error.js';

const CREATED = 1626777600;

const modelObject = (id: string, ownedBy: string) => ({
  id,
  object: 'model',
  created: CREATED,
  owned_by: ownedBy,
  permission: [],
  root: id,
  parent: null,
});

/**
 * GET /v1/models: the token's model limits if it has any, otherwise the models with an enabled channel
 * in the caller's group — read from the in-memory directory, not a DISTINCT query per call.
 */
export async function listModels(app: AppServices, ex: Exchange): Promise<void> {
  try {
    const caller = await authenticateToken(app, readApiKey(ex.req.path, ex.req.query, ex.req.headers));
    const group = caller.token.group || caller.user.group;
    const ids = caller.token.modelLimits ? [...caller.token.modelLimits] : app.channels.modelsFor(group).sort();
    const owners = new Map<string, string>();
    for (const id of ids) owners.set(id, app.channels.ownerOf(group, id) ?? 'custom');
    ex.json(200, { success: true, object: 'list', data: ids.map((id) => modelObject(id, owners.get(id)!)) });
  } catch (e) {
    writeError(ex, e);
  }
}

/** GET /v1/models/:model: 200 with an error body when unknown, as new-api answers. */
export async function getModel(app: AppServices, ex: Exchange): Promise<void> {
  try {
    const caller = await authenticateToken(app, readApiKey(ex.req.path, ex.req.query, ex.req.headers));
    const model = ex.req.params[0] ?? '';
    const group = caller.token.group || caller.user.group;
    const allowed = caller.token.modelLimits ? caller.token.modelLimits.has(model) : app.channels.modelsFor(group).includes(model);
    if (!allowed) {
      ex.json(200, { error: { message: `The model '${model}' does not exist`, type: 'invalid_request_error', param: 'model', code: 'model_not_found' } });
      return;
    }
    ex.json(200, modelObject(model, app.channels.ownerOf(group, model) ?? 'custom'));
  } catch (e) {
    writeError(ex, e);
  }
}

function writeError(ex: Exchange, e: unknown): void {
  const err = e instanceof RelayError ? e : new RelayError(500, String(e));
  ex.json(err.status, openAiErrorBody(err, ex.requestId));
}
