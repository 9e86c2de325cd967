import { z } from 'zod';
import type { ApiContext } from '../api-context.js';
import { ApiError } from '../envelope.js';
import { adminUrlPolicy, sharedOutboundDispatcher } from '../../upstream/outbound-policy.js';
import { fetchJson } from '../oauth/fetch-json.js';

const siteverifyAnswer = z.object({ success: z.boolean() });

/**
 * new-api's TurnstileCheck middleware (spec console-api.md §3.8) for login, register, verification and
 * reset: when TurnstileCheckEnabled, the `turnstile` query token is verified with Cloudflare (or
 * TURNSTILE_VERIFY_URL) once, and the pass is kept in the session, which then skips the check.
 */
export async function checkTurnstile(c: ApiContext): Promise<void> {
  if (!c.app.options.bool('TurnstileCheckEnabled') || c.session.turnstile === true) return;
  const response = c.query.get('turnstile') ?? '';
  if (!response) throw new ApiError('Turnstile token 为空');
  let answer: unknown;
  try {
    answer = (
      await fetchJson(c.app.env.TURNSTILE_VERIFY_URL, {
        form: { secret: c.app.options.get('TurnstileSecretKey'), response, remoteip: c.ip },
        dispatcher: sharedOutboundDispatcher(adminUrlPolicy(c.app.env)),
      })
    ).body;
  } catch (e) {
    c.app.log.warn('turnstile verification failed', { error: String(e) });
    throw new ApiError(e instanceof Error ? e.message : String(e));
  }
  if (!siteverifyAnswer.safeParse(answer).data?.success) throw new ApiError('Turnstile 校验失败，请刷新重试！');
  c.saveSession({ ...c.session, turnstile: true });
}
