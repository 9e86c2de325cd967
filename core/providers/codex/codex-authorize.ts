import type { Authorize } from '../provider.js';
import { parseCodexKey } from './codex-key.js';
import { CODEX_ALPHA_SEARCH_PATH, CODEX_COMPACT_PATH, codexBody, codexHeaders } from './codex-request.js';
import { codexAccessToken, forgetCodexToken } from './codex-token.js';

/**
 * Codex (type 57): the OAuth key's access token (refreshed when it is about to lapse or was refused) with
 * the account id, and the Responses body as the Codex backend takes it; an alpha search's body goes as built.
 */
export const codexAuthorize: Authorize = async (call, ctx) => {
  const k = parseCodexKey(ctx.key);
  const token = await codexAccessToken(k, ctx);
  if (call.url.endsWith(CODEX_ALPHA_SEARCH_PATH)) return { url: call.url, headers: codexHeaders(call.headers, token, k.account_id, true), body: call.body };
  const compact = call.url.endsWith(CODEX_COMPACT_PATH);
  return { url: call.url, headers: codexHeaders(call.headers, token, k.account_id, compact), body: codexBody(call.body, compact) };
};

/** The backend refused the token (401/403): the next try refreshes it. */
export const codexForgetToken = (ctx: { key: string }): void => forgetCodexToken(ctx.key);
