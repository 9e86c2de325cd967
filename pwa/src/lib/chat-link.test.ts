import { describe, expect, it } from 'vitest';
import { buildChatLink, chatLinkKind, normaliseServerAddress, parseChats, sendsKeyToThirdParty, withKeyPrefix } from './chat-link';

const KEY = 'abcDEF123';

describe('buildChatLink', () => {
  it('fills {key} with sk- and {address} URL-encoded', () => {
    expect(buildChatLink('opencat://team/join?domain={address}&token={key}', KEY, 'https://api.example.com')).toBe(
      'opencat://team/join?domain=https%3A%2F%2Fapi.example.com&token=sk-abcDEF123',
    );
  });
  it.each([
    ['with a port', 'http://localhost:3000', 'http%3A%2F%2Flocalhost%3A3000'],
    ['with a path prefix', 'https://example.com/gateway', 'https%3A%2F%2Fexample.com%2Fgateway'],
    ['with a trailing slash', 'https://example.com/', 'https%3A%2F%2Fexample.com'],
    ['with /v1', 'https://example.com/v1', 'https%3A%2F%2Fexample.com'],
    ['with /v1/', 'https://example.com/v1/', 'https%3A%2F%2Fexample.com'],
    ['an IPv6 host', 'http://[::1]:3000/', 'http%3A%2F%2F%5B%3A%3A1%5D%3A3000'],
    ['a non-ASCII domain', 'https://网关.中国', 'https%3A%2F%2F%E7%BD%91%E5%85%B3.%E4%B8%AD%E5%9B%BD'],
  ])('address %s', (_name, address, encoded) => {
    expect(buildChatLink('x://?server={address}', KEY, address)).toBe(`x://?server=${encoded}`);
  });
  it('replaces every occurrence and keeps an existing sk- prefix', () => {
    expect(buildChatLink('{key}|{key}|{address}', 'sk-abc', 'http://h')).toBe('sk-abc|sk-abc|http%3A%2F%2Fh');
  });
});

describe('helpers', () => {
  it('normalises the server address', () => {
    expect(normaliseServerAddress(' https://a.com/v1/ ')).toBe('https://a.com');
    expect(normaliseServerAddress('https://a.com/v1beta')).toBe('https://a.com/v1beta');
  });
  it('prefixes keys once', () => {
    expect(withKeyPrefix('abc')).toBe('sk-abc');
    expect(withKeyPrefix('sk-abc')).toBe('sk-abc');
  });
  it('parses the Chats option (list of single-entry objects)', () => {
    expect(parseChats([{ A: 'https://a/{key}' }, { B: 'b://{key}' }, 'bad', { C: 3 }])).toEqual([
      { name: 'A', template: 'https://a/{key}' },
      { name: 'B', template: 'b://{key}' },
    ]);
    expect(parseChats(null)).toEqual([]);
  });
  it('spots third-party hosts', () => {
    expect(sendsKeyToThirdParty('https://chat.example.com/?k=1', 'https://gw.example.com')).toBe(true);
    expect(sendsKeyToThirdParty('https://gw.example.com/chat', 'https://gw.example.com')).toBe(false);
    expect(sendsKeyToThirdParty('opencat://x', 'https://gw.example.com')).toBe(false);
    expect(sendsKeyToThirdParty('javascript:alert(1)', 'https://gw.example.com')).toBe(false);
  });
});

describe('chatLinkKind: only web pages and known chat apps may be opened', () => {
  it.each([
    ['https://chat.example.com/?k=sk-1', 'web'],
    ['HTTP://chat.example.com', 'web'],
    ['cherrystudio://providers/api-keys?v=1', 'app'],
    ['opencat://team/join?token=sk-1', 'app'],
    ['ama://set-api-key?key=sk-1', 'app'],
    ['aionui://provider/add', 'app'],
    ['javascript:fetch("https://evil.example/?k=sk-1")', 'refused'],
    ['JavaScript:alert(1)', 'refused'],
    [' javascript:alert(1)', 'refused'],
    ['java\tscript:alert(1)', 'refused'],
    ['\u0001https://chat.example.com', 'refused'],
    ['data:text/html,<script>alert(1)</script>', 'refused'],
    ['vbscript:msgbox(1)', 'refused'],
    ['//evil.example/?k=sk-1', 'refused'],
    ['sk-1/chat', 'refused'],
    ['https%3A%2F%2Fgw.example.com', 'refused'],
    ['fluentread', 'refused'],
  ] as const)('%j → %s', (link, kind) => {
    expect(chatLinkKind(link)).toBe(kind);
  });
  it('refuses a template whose placeholder comes first', () => {
    expect(chatLinkKind(buildChatLink('{address}/chat?k={key}', KEY, 'https://gw.example.com'))).toBe('refused');
  });
});
