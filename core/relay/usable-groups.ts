/**
 * The groups a user may use: UserUsableGroups plus the user's own group (described 用户分组), and
 * "default" when the group is empty (spec console-api.md §7.4).
 */
export function usableGroups(userUsable: Readonly<Record<string, string>>, userGroup: string): Record<string, string> {
  const out: Record<string, string> = { ...userUsable };
  if (userGroup === '') {
    if (!('default' in out)) out.default = 'default';
    out[''] = '用户分组';
  } else if (!(userGroup in out)) {
    out[userGroup] = '用户分组';
  }
  return out;
}
