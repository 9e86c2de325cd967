import type { ApiContext } from '../api-context.js';

/**
 * Ends every session of these users, on every node at once (after a password change or reset, a ban, a
 * deletion or a role change), so a copied or stolen cookie stops working. A caller who is one of them and
 * signed in by cookie gets a fresh session with the answer and stays signed in.
 */
export async function endUserSessions(c: ApiContext, userIds: number[]): Promise<void> {
  await c.app.sessions.endAllOf(userIds);
  const me = c.user;
  if (me && !me.useAccessToken && c.session.sid && userIds.includes(me.id)) {
    c.saveSession({ ...c.session, sid: await c.app.sessions.start(me.id) });
  }
}
