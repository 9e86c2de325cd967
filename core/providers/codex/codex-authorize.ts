import type { Authorize } from '../provider.js';
import { parseCodexKey } from './codex-key.js';
import { CODEX_ALPHA_SEARCH_PATH, CODEX_COMPACT_PATH, codexHeaders, codexStreamedBody } from './codex-request.js';
import { codexAccessToken, forgetCodexToken } from './codex-token.js';

/**
 * Codex (type 57): the OAuth key's access token (refreshed when it is about to lapse or was refused) with
 * the account id. The body was cleaned by the host (CODEX_HOST) and overridden by the channel before this
 * step: a Responses call is only streamed here; a compaction's or an alpha search's body goes as built.
 */
export const codexAuthorize: Authorize = async (call, ctx) => {
  const k = parseCodexKey(ctx.key);
  const token = await codexAccessToken(k, ctx);
  const json = call.url.endsWith(CODEX_ALPHA_SEARCH_PATH) || call.url.endsWith(CODEX_COMPACT_PATH);
  return { url: call.url, headers: codexHeaders(call.headers, token, k.account_id, json), body: json ? call.body : codexStreamedBody(call.body) };
};

/** The backend refused the token (401/403): the next try refreshes it. */
export const codexForgetToken = (ctx: { key: string }): void => forgetCodexToken(ctx.key);
