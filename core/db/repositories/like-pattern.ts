/**
 * LIKE patterns built from user text. The backslash is PostgreSQL's default LIKE escape, so `%`, `_` and `\`
 * typed by a user match themselves instead of acting as wildcards.
 */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** Matches values containing the text. */
export const containsPattern = (s: string): string => `%${escapeLike(s)}%`;

/** Matches values starting with the text. */
export const prefixPattern = (s: string): string => `${escapeLike(s)}%`;
