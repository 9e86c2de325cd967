import { describe, expect, it } from 'vitest';
import { userActions, userStatusView } from './user-rules';

const root = { id: 1, role: 100 };
const admin = { id: 2, role: 10 };
const user = (role: number, status = 1, DeletedAt: unknown = null) => ({ id: 9, role, status, DeletedAt });

describe('user actions follow the server’s role rules', () => {
  it('root promotes common users and demotes admins, but never disables, deletes or demotes a root', () => {
    expect(userActions(root, user(1))).toMatchObject({ edit: true, promote: true, demote: false, disable: true, delete: true });
    expect(userActions(root, user(10))).toMatchObject({ edit: true, promote: false, demote: true, disable: true, delete: true });
    expect(userActions(root, { ...user(100), id: 1 })).toMatchObject({ edit: true, promote: false, demote: false, disable: false, delete: false });
  });
  it('an admin manages common users only and cannot promote', () => {
    expect(userActions(admin, user(1))).toMatchObject({ edit: true, promote: false, demote: false, disable: true, delete: true });
    expect(userActions(admin, user(10))).toMatchObject({ edit: false, promote: false, demote: false, disable: false, enable: false, delete: false });
    expect(userActions(admin, user(100)).edit).toBe(false);
  });
  it('offers enable for banned users, greyed out for status 3', () => {
    expect(userActions(root, user(1, 2))).toMatchObject({ disable: false, enable: true, enableBlocked: false });
    expect(userActions(root, user(1, 3))).toMatchObject({ disable: false, enable: true, enableBlocked: true });
  });
  it('gives deregistered users no action at all', () => {
    const gone = userActions(root, user(1, 1, '2025-01-01T00:00:00Z'));
    expect(Object.values(gone).some(Boolean)).toBe(false);
  });
  it('labels statuses, deregistration first', () => {
    expect(userStatusView(user(1, 2, '2025-01-01')).key).toBe('users.status.deregistered');
    expect(userStatusView(user(1, 1)).key).toBe('users.status.enabled');
    expect(userStatusView(user(1, 2)).key).toBe('users.status.disabled');
    expect(userStatusView(user(1, 3)).key).toBe('users.status.unknown');
  });
});
