import { usableGroups } from '../../relay/usable-groups.js';

/**
 * Whether a user may put a token in `group`. new-api accepted any string here and checked only in the
 * relay, which let users create tokens in groups reserved for others (cheaper ratios, private channel
 * pools; reliability-security S5). "" means "the user's own group" and is always allowed.
 */
export function mayUseTokenGroup(userUsable: Readonly<Record<string, string>>, userGroup: string, group: string): boolean {
  return group === '' || Object.hasOwn(usableGroups(userUsable, userGroup), group);
}

export const tokenGroupRefused = (group: string): string => `无权使用分组 ${group}，请选择可用分组`;
