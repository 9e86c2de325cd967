import { z } from 'zod';
import { shortText } from '../../contracts/bounded-text.js';
import { adminUrlPolicy, sharedOutboundDispatcher } from '../../upstream/outbound-policy.js';
import { parseInput, type ApiContext } from '../api-context.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { providerCall } from '../oauth/fetch-json.js';

/**
 * GET /api/option/oidc_discovery?well_known= (root) — the endpoints of an OpenID Provider's discovery
 * document, for the settings page. new-api's page fetches the document from the browser; the console's
 * Content-Security-Policy allows no other origin (connect-src 'self'), so the server reads it. Same outbound
 * policy as the sign-in itself: the provider may be on a private network, metadata addresses are refused.
 */
const query = z.object({ well_known: shortText.regex(/^https?:\/\//i) });
const document = z.object({ authorization_endpoint: z.string(), token_endpoint: z.string(), userinfo_endpoint: z.string().default('') }).loose();

const FAILED = '获取 OIDC 配置失败，请检查网络状况和 Well-Known URL 是否正确';

export async function oidcDiscovery(c: ApiContext): Promise<ApiResult> {
  const { well_known } = parseInput(query, { well_known: c.query.get('well_known') ?? '' }, 'Well-Known URL 必须以 http:// 或 https:// 开头');
  const answer = await providerCall(well_known, { dispatcher: sharedOutboundDispatcher(adminUrlPolicy(c.app.env)) }, FAILED);
  const doc = answer.status === 200 ? document.safeParse(answer.body).data : undefined;
  if (!doc) return fail(FAILED);
  return ok({ authorization_endpoint: doc.authorization_endpoint, token_endpoint: doc.token_endpoint, userinfo_endpoint: doc.userinfo_endpoint });
}
