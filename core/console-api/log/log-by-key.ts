import { z } from 'zod';
import type { LogRow } from '../../db/rows.js';
import type { ApiContext } from '../api-context.js';
import { ok, type ApiResult } from '../envelope.js';
import { toUserLogJson } from './log-query.js';
import { readQuery, textParam } from './query-params.js';

/**
 * new-api returns every log of the key in one unordered array. This route needs no login, so one request
 * must not be able to load an unbounded table into memory: we return the newest rows up to this cap.
 */
const MAX_ROWS = 1000;

const keyQuery = z.object({ key: textParam });

/**
 * GET /api/log/token?key=sk-… (no auth, CORS): the logs written for one API key, with the user privacy
 * transform. The key is its own credential; an unknown key simply has no logs.
 */
export async function logsByKey(c: ApiContext): Promise<ApiResult> {
  const key = readQuery(c, keyQuery).key.replace(/^sk-/, '');
  if (!key) return ok([]);
  const [token] = await c.app.sql<{ id: number }[]>`SELECT id FROM tokens WHERE key = ${key}`;
  if (!token) return ok([]);
  const rows = await c.app.sql<LogRow[]>`
    SELECT * FROM logs WHERE token_id = ${token.id} ORDER BY id DESC LIMIT ${MAX_ROWS}`;
  return ok(rows.map(toUserLogJson));
}
