import type { UserRow } from '../../db/rows.js';
import type { ApiContext } from '../api-context.js';
import { ok, type ApiResult } from '../envelope.js';
import { toUserJson } from './user-json.js';

/**
 * new-api's setupLogin, shared by password and third-party sign-in: the session gets id, username, role,
 * status and group (on top of what it held, e.g. the passed Turnstile check), and the answer is a User with
 * only those fields and display_name filled.
 */
export function setupLogin(c: ApiContext, row: Pick<UserRow, 'id' | 'username' | 'display_name' | 'role' | 'status' | 'group'>): ApiResult {
  c.saveSession({ ...c.session, id: row.id, username: row.username, role: row.role, status: row.status, group: row.group });
  return ok(toUserJson({ id: row.id, username: row.username, display_name: row.display_name, role: row.role, status: row.status, group: row.group }));
}
