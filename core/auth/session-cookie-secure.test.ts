import { describe, expect, it } from 'vitest';
import { sessionCookieSecure } from './session-cookie-secure.js';

describe('sessionCookieSecure', () => {
  it.each([
    ['plain http, nothing configured', undefined, true, '', false],
    ['https from a trusted proxy', 'https', true, '', true],
    ['https from a trusted proxy, any case and spacing', ' HTTPS ', true, '', true],
    ['the first hop of a proxy chain decides', 'https, http', true, '', true],
    ['a chain whose first hop was http', 'http, https', true, '', false],
    ['https claimed by an untrusted peer', 'https', false, '', false],
    ['http from a trusted proxy', 'http', true, '', false],
    ['an https ServerAddress', undefined, false, 'https://console.example', true],
    ['an https ServerAddress with spaces and capitals', undefined, false, ' HTTPS://console.example/ ', true],
    ['an http ServerAddress', undefined, false, 'http://console.example', false],
  ])('%s', (_, forwardedProto, fromTrustedProxy, serverAddress, secure) => {
    expect(sessionCookieSecure({ forwardedProto, fromTrustedProxy, serverAddress })).toBe(secure);
  });
});
