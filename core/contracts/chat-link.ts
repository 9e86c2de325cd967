/**
 * The schemes a `Chats` link may use: web pages, and the chat apps new-api's default `Chats` open
 * (AMA 问天, OpenCat, Cherry Studio, AionUI). The console fills the user's key into these links and
 * navigates to them, so any other scheme (javascript:, data:, vbscript:, …) would run in the console's
 * origin or hand the key to something unknown. Checked on save and again before any navigation.
 */
export const CHAT_LINK_SCHEMES = ['http', 'https', 'ama', 'opencat', 'cherrystudio', 'aionui'] as const;

// Anchored and literal: browsers ignore leading spaces and tabs inside a scheme ("java\tscript:"), so a
// link must start with an allowed scheme exactly, or it is refused.
const ALLOWED = new RegExp(`^(?:${CHAT_LINK_SCHEMES.join('|')})://`, 'i');

/** True when a chat link (or template) starts with one of CHAT_LINK_SCHEMES followed by `://`. */
export function isAllowedChatLink(link: string): boolean {
  return ALLOWED.test(link);
}
