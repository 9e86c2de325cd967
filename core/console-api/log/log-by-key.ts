import { z } from 'zod';
import { logsOfToken } from '../../db/repositories/logs.js';
import { tokenIdByKey } from '../../db/repositories/tokens.js';
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
  const tokenId = await tokenIdByKey(c.app.sql, key);
  return ok(tokenId === null ? [] : (await logsOfToken(c.app.db.logSql, tokenId, MAX_ROWS)).map(toUserLogJson));
}
