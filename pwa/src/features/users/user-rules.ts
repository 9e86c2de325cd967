import { USER_STATUS } from '../../../../core/contracts/admin-user';
import { ROLE_ADMIN, ROLE_COMMON, ROLE_ROOT, type SessionUser, type User } from '../../../../core/contracts/user';
import type { BadgeTone } from '../../components/ui/badge';

type Target = Pick<User, 'id' | 'role' | 'status' | 'DeletedAt'>;
type Me = Pick<SessionUser, 'id' | 'role'>;

/** A user whose DeletedAt is set is shown as 已注销 and offers no action. */
export const isDeregistered = (user: Pick<User, 'DeletedAt'>): boolean => user.DeletedAt !== null && user.DeletedAt !== undefined;

export interface UserActions {
  edit: boolean;
  promote: boolean;
  demote: boolean;
  disable: boolean;
  /** Shown for every user that is not enabled; `enableBlocked` greys it out for status 3. */
  enable: boolean;
  enableBlocked: boolean;
  delete: boolean;
}

const NONE: UserActions = { edit: false, promote: false, demote: false, disable: false, enable: false, enableBlocked: false, delete: false };

/**
 * What `me` may do to `target` (the server's rules): nobody acts on the same or a higher role except root;
 * only root promotes; the root user is never disabled, deleted or demoted; nobody promotes an admin or
 * demotes a common user.
 */
export function userActions(me: Me, target: Target): UserActions {
  if (isDeregistered(target)) return NONE;
  const rootMe = me.role >= ROLE_ROOT;
  if (!rootMe && me.role <= target.role) return NONE;
  const rootTarget = target.role >= ROLE_ROOT;
  return {
    edit: true,
    promote: rootMe && target.role < ROLE_ADMIN,
    demote: target.role === ROLE_ADMIN,
    disable: !rootTarget && target.status === USER_STATUS.enabled,
    enable: target.status !== USER_STATUS.enabled,
    enableBlocked: target.status === 3,
    delete: !rootTarget,
  };
}

/** Administrators editing themselves keep their group and quota. */
export const editsOwnAccount = (me: Me | null, target: Pick<User, 'id'>): boolean => me?.id === target.id;

export function userStatusView(user: Pick<User, 'status' | 'DeletedAt'>): { key: string; tone: BadgeTone } {
  if (isDeregistered(user)) return { key: 'users.status.deregistered', tone: 'red' };
  if (user.status === USER_STATUS.enabled) return { key: 'users.status.enabled', tone: 'green' };
  if (user.status === USER_STATUS.disabled) return { key: 'users.status.disabled', tone: 'red' };
  return { key: 'users.status.unknown', tone: 'gray' };
}

export function roleTone(role: number): BadgeTone {
  if (role === ROLE_COMMON) return 'gray';
  if (role === ROLE_ADMIN) return 'yellow';
  if (role === ROLE_ROOT) return 'orange';
  return 'red';
}
