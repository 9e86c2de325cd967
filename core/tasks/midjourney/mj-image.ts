import { ROLE_ADMIN } from '../../auth/roles.js';
import type { TaskContext } from '../task-context.js';
import { callTaskUpstream } from '../task-upstream.js';
import { mjImageSignatureValid } from './mj-image-link.js';
import { mjTaskById } from './mj-rows.js';
import type { MidjourneyRow } from './mj-task-view.js';

const IMAGE_TIMEOUT_MS = 30_000;
const NOT_FOUND = { error: 'midjourney_task_not_found' };

/** A signed link opens the image; so does the console of its owner (or an admin), whose <img> sends the session. */
async function mayView(ctx: TaskContext, row: MidjourneyRow): Promise<boolean> {
  const sig = new URLSearchParams(ctx.ex.req.query).get('sig');
  if (sig && mjImageSignatureValid(ctx.secret, row.mj_id, sig)) return true;
  const session = await ctx.app.sessions.read(ctx.ex.req.headers.cookie);
  if (!session.username || typeof session.id !== 'number') return false;
  if (session.id === row.user_id) return true;
  const user = await ctx.app.users.get(session.id);
  return user !== null && user.role >= ROLE_ADMIN;
}

/**
 * GET /mj/image/:id (no token): proxies a task's image (new-api RelayMidjourneyImage). An unknown id and
 * one the request may not see get the same 404, so ids cannot be probed.
 */
export async function mjImage(ctx: TaskContext, mjId: string): Promise<void> {
  const { ex } = ctx;
  const row = mjId ? await mjTaskById(ctx.app.sql, mjId) : null;
  if (!row || !/^https?:\/\//i.test(row.image_url) || !(await mayView(ctx, row))) return ex.json(404, NOT_FOUND);
  let image;
  try {
    image = await callTaskUpstream(ctx.upstream, { url: row.image_url, method: 'GET', headers: { accept: 'image/*,*/*' }, timeoutMs: IMAGE_TIMEOUT_MS });
  } catch (e) {
    ctx.app.log.warn('Midjourney image fetch failed', { mjId, error: String(e) });
    return ex.json(500, { error: 'http_get_image_failed' });
  }
  if (image.status !== 200) return ex.json(image.status, { error: image.body.toString('utf8') });
  ex.send(200, image.body, { 'Content-Type': image.contentType || 'image/jpeg' });
}
