import { isAllowedChatLink } from '../../../core/contracts/chat-link';

/** One configured chat entry (option `Chats`): a display name and a link template. */
export interface ChatEntry {
  name: string;
  template: string;
}

/** `Chats` arrives as a list of single-entry objects `{ "name": "template" }`. */
export function parseChats(raw: unknown): ChatEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) =>
    item && typeof item === 'object'
      ? Object.entries(item as Record<string, unknown>)
          .filter((e): e is [string, string] => typeof e[1] === 'string')
          .map(([name, template]) => ({ name, template }))
      : [],
  );
}

/** The server address as chat apps want it: no trailing slash, no trailing `/v1`. */
export function normaliseServerAddress(address: string): string {
  let value = address.trim();
  for (;;) {
    const next = value.replace(/\/+$/, '').replace(/\/v1$/i, '');
    if (next === value) return value;
    value = next;
  }
}

/** The key as clients send it: always with the `sk-` prefix. */
export function withKeyPrefix(key: string): string {
  return key.startsWith('sk-') ? key : `sk-${key}`;
}

/**
 * Fills a chat link template: `{key}` → `sk-<key>`, `{address}` → the server address,
 * URL-encoded, without a trailing slash or `/v1`. Every occurrence is replaced.
 */
export function buildChatLink(template: string, key: string, serverAddress: string): string {
  const address = encodeURIComponent(normaliseServerAddress(serverAddress));
  return template.split('{key}').join(withKeyPrefix(key)).split('{address}').join(address);
}

export type ChatLinkKind = 'web' | 'app' | 'refused';

/**
 * http(s) links open in a new tab or a frame; the known chat apps' schemes (opencat://, cherrystudio://, …)
 * open the app; anything else (javascript:, data:, …) is never navigated to, whatever the server stored.
 */
export function chatLinkKind(link: string): ChatLinkKind {
  if (!isAllowedChatLink(link)) return 'refused';
  return /^https?:\/\//i.test(link) ? 'web' : 'app';
}

/** True when a web link would hand the key to another site (worth a confirmation). */
export function sendsKeyToThirdParty(link: string, origin: string): boolean {
  if (chatLinkKind(link) !== 'web') return false;
  try {
    return new URL(link).origin !== new URL(origin).origin;
  } catch {
    return true;
  }
}
