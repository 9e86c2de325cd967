import { z } from 'zod';

/**
 * The widest short text a console field or search term may hold: names, usernames, emails (RFC 5321 allows
 * 254), passwords, codes, keywords. new-api keeps these in columns of 255 characters or fewer, and its own
 * rules (username 12, password 20, display name 20, email 50, token name 30 bytes) are stricter still and
 * keep their messages; this bound only stops a huge value before it reaches a query or a hash.
 */
export const SHORT_TEXT_MAX = 255;

/** Group names: the `group` columns are varchar(64). */
export const GROUP_MAX = 64;

/** Addresses a user or admin types (webhooks, channel base URLs): the longest URL browsers reliably handle. */
export const URL_MAX = 2048;

/**
 * A string with no NUL: PostgreSQL text cannot hold U+0000, so the query would fail with a 500. Alone it
 * serves values whose only bound is the request body cap (option values such as ModelRatio JSON).
 */
export const nulFreeText = z.string().refine((s) => !s.includes('\u0000'), { message: '不能包含空字符 (NUL)', params: { textBound: true } });

/** A NUL-free string of at most `max` characters: every other text field of a console body or query. */
export const boundedText = (max: number) => nulFreeText.max(max, `长度不能超过 ${max} 个字符`);

/** Names, usernames, emails, passwords, codes, search terms (SHORT_TEXT_MAX). */
export const shortText = boundedText(SHORT_TEXT_MAX);

/**
 * The message for the first bound a text field broke (`无效的参数：username 长度不能超过 255 个字符`), or
 * null when the failure is of another kind (a wrong type, a missing field), which keeps the route's own message.
 */
export function textBoundProblem(error: z.ZodError): string | null {
  for (const issue of error.issues) {
    const isBound =
      (issue.code === 'too_big' && issue.origin === 'string') || (issue.code === 'custom' && issue.params?.textBound === true);
    if (isBound) return `无效的参数：${issue.path.join('.') || '参数'} ${issue.message}`;
  }
  return null;
}
