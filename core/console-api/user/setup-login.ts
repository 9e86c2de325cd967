import type { UserRow } from '../../db/rows.js';
import type { ApiContext } from '../api-context.js';
import { ok, type ApiResult } from '../envelope.js';
import { toUserJson } from './user-json.js';

/**
 * new-api's setupLogin, shared by password and third-party sign-in: the session gets id, username, role,
 * status and group (on top of what it held, e.g. the passed Turnstile check), and the answer is a User with
 * only those fields and display_name filled. Every sign-in opens a new server-side session with a new id,
 * never the one the browser brought (no session fixation), and the session it replaces ends.
 */
export async function setupLogin(c: ApiContext, row: Pick<UserRow, 'id' | 'username' | 'display_name' | 'role' | 'status' | 'group'>): Promise<ApiResult> {
  if (c.session.sid) await c.app.sessions.end(c.session.sid);
  const sid = await c.app.sessions.start(row.id);
  c.saveSession({ ...c.session, sid, id: row.id, username: row.username, role: row.role, status: row.status, group: row.group });
  return ok(toUserJson({ id: row.id, username: row.username, display_name: row.display_name, role: row.role, status: row.status, group: row.group }));
}
