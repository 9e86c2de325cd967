import { ROLE_ADMIN, ROLE_COMMON, ROLE_ROOT } from '../../../../core/contracts/user';

/** 1 user, 10 administrator, 100 root; anything else is an unknown identity. */
export function roleLabelKey(role: number): string {
  if (role === ROLE_COMMON) return 'role.common';
  if (role === ROLE_ADMIN) return 'role.admin';
  if (role === ROLE_ROOT) return 'role.root';
  return 'role.unknown';
}
