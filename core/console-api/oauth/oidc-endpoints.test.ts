import { describe, expect, it } from 'vitest';
import { ApiError } from '../envelope.js';
import { oidcEndpoints, type OidcEndpoints } from './oidc-endpoints.js';

const WELL_KNOWN = 'https://idp.example/realms/main/.well-known/openid-configuration';
const NONE: OidcEndpoints = { token: '', userInfo: '' };
const refusal = (field: string) => `OIDC 发现文档中的 ${field} 与 Well-Known 地址不在同一主机，请在设置中填写该端点！`;

const pick = (token: string, userinfo: string, configured = NONE) => {
  try {
    return oidcEndpoints(WELL_KNOWN, configured, { token_endpoint: token, userinfo_endpoint: userinfo });
  } catch (e) {
    if (e instanceof ApiError) return e.message;
    throw e;
  }
};

describe('oidcEndpoints', () => {
  it.each<[string, string, OidcEndpoints | string]>([
    ['https://idp.example/token', 'https://idp.example/userinfo', { token: 'https://idp.example/token', userInfo: 'https://idp.example/userinfo' }],
    ['https://IDP.example:443/token', 'https://idp.example/userinfo', { token: 'https://IDP.example:443/token', userInfo: 'https://idp.example/userinfo' }],
    ['https://evil.example/token', 'https://idp.example/userinfo', refusal('token_endpoint')],
    ['https://idp.example.evil.example/token', 'https://idp.example/userinfo', refusal('token_endpoint')],
    ['https://idp.example:8443/token', 'https://idp.example/userinfo', refusal('token_endpoint')],
    ['http://idp.example/token', 'https://idp.example/userinfo', refusal('token_endpoint')],
    ['/token', 'https://idp.example/userinfo', refusal('token_endpoint')],
    ['', 'https://idp.example/userinfo', refusal('token_endpoint')],
    ['https://idp.example/token', 'http://169.254.169.254/latest', refusal('userinfo_endpoint')],
    ['https://idp.example/token', 'file:///etc/passwd', refusal('userinfo_endpoint')],
  ])('token %s, userinfo %s → %o', (token, userinfo, expected) => {
    expect(pick(token, userinfo)).toEqual(expected);
  });

  it('takes endpoints the admin configured wherever they are, the rest from the document', () => {
    const configured = { token: 'https://oauth2.googleapis.com/token', userInfo: '' };
    expect(pick('https://elsewhere.example/token', 'https://idp.example/userinfo', configured)).toEqual({
      token: 'https://oauth2.googleapis.com/token',
      userInfo: 'https://idp.example/userinfo',
    });
    expect(pick('https://idp.example/token', 'https://elsewhere.example/userinfo', configured)).toBe(refusal('userinfo_endpoint'));
  });
});
