import { describe, expect, it } from 'vitest';
import { addDomain, parseDomains } from './domain-list';
import { needsDiscovery, wellKnownError } from './oidc-section';
import { paymentNeedsServer } from './system-sections';

describe('email domain whitelist', () => {
  it('is stored comma-separated', () => {
    expect(parseDomains('gmail.com, qq.com,,')).toEqual(['gmail.com', 'qq.com']);
    expect(parseDomains('')).toEqual([]);
  });
  it.each([
    ['Example.ORG ', { list: ['gmail.com', 'example.org'] }],
    ['mail.example.co.uk', { list: ['gmail.com', 'mail.example.co.uk'] }],
    ['gmail.com', { error: 'settings.whitelist.duplicate' }],
    ['not a domain', { error: 'settings.whitelist.invalid' }],
    ['@qq.com', { error: 'settings.whitelist.invalid' }],
    ['localhost', { error: 'settings.whitelist.invalid' }],
    ['', { error: 'settings.whitelist.invalid' }],
  ])('adding %j → %j', (input, result) => {
    expect(addDomain(['gmail.com'], input)).toEqual(result);
  });
});

describe('OIDC discovery', () => {
  const full = { 'oidc.well_known': 'https://idp.example/.well-known/openid-configuration', 'oidc.authorization_endpoint': 'a', 'oidc.token_endpoint': 't', 'oidc.user_info_endpoint': 'u' };
  it.each([
    ['a new Well-Known URL', full, {}, true],
    ['the same URL, endpoints filled', full, full, false],
    ['the same URL, an endpoint empty', { ...full, 'oidc.token_endpoint': '' }, full, true],
    ['no URL', { ...full, 'oidc.well_known': '' }, {}, false],
  ])('%s → %s', (_name, values, options, expected) => {
    expect(needsDiscovery(values, options)).toBe(expected);
  });
  it('wants an http(s) Well-Known URL', () => {
    expect(wellKnownError({ 'oidc.well_known': 'idp.example/x' })).toBe('settings.errors.wellKnown');
    expect(wellKnownError({ 'oidc.well_known': 'http://idp.example/x' })).toBeNull();
    expect(wellKnownError({ 'oidc.well_known': '' })).toBeNull();
  });
});

describe('payment settings', () => {
  it('need the server address saved first (请先填写服务器地址)', () => {
    expect(paymentNeedsServer({}, { ServerAddress: '' })).toBe('settings.errors.serverFirst');
    expect(paymentNeedsServer({}, { ServerAddress: 'https://gw.example' })).toBeNull();
  });
});
