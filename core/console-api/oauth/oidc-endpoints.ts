import { z } from 'zod';
import { ApiError } from '../envelope.js';

/** The part of an OpenID Provider's discovery document the sign-in uses. */
export const discoveryDocument = z.object({ token_endpoint: z.string(), userinfo_endpoint: z.string() }).loose();
export type DiscoveryDocument = z.infer<typeof discoveryDocument>;

export interface OidcEndpoints {
  token: string;
  userInfo: string;
}

/**
 * The endpoints a callback calls: each one the admin configured (oidc.token_endpoint, oidc.user_info_endpoint),
 * else the discovery document's, which must be on the well-known's origin. Origin means scheme, host name and
 * port: another port is another service on the machine, and http instead of https would send the client
 * secret in the clear. Without the rule whoever controls the document's answer (a compromised or spoofed
 * provider page) chooses where the gateway posts its client secret. Providers that split hosts (Google,
 * Microsoft) are served by configuring the endpoints.
 */
export function oidcEndpoints(wellKnown: string, configured: OidcEndpoints, doc: DiscoveryDocument): OidcEndpoints {
  return {
    token: configured.token || onOriginOf(wellKnown, doc.token_endpoint, 'token_endpoint'),
    userInfo: configured.userInfo || onOriginOf(wellKnown, doc.userinfo_endpoint, 'userinfo_endpoint'),
  };
}

function onOriginOf(wellKnown: string, endpoint: string, field: string): string {
  const origin = httpOrigin(endpoint);
  if (origin !== null && origin === httpOrigin(wellKnown)) return endpoint;
  throw new ApiError(`OIDC 发现文档中的 ${field} 与 Well-Known 地址不在同一主机，请在设置中填写该端点！`);
}

/** scheme://host[:port] of an http(s) URL, default port left out; null for anything else. */
function httpOrigin(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const u = new URL(url);
  return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
}
