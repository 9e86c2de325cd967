import { startTestAll } from '../../channel-health/test-all.js';
import { runChannelTest } from '../../channel-health/run-channel-test.js';
import { paramInt, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';

/** GET /api/channel/test — every channel, in the background; one run at a time. */
function testAll(c: ApiContext): ApiResult {
  const run = startTestAll(c.app, true);
  if (!run) return fail('测试已在运行中');
  void run;
  return ok();
}

/** GET /api/channel/test/:id?model= — one real request now; `time` (seconds) at the top level. */
async function testOne(c: ApiContext): Promise<ApiResult> {
  const actor = await c.app.channels.refresh(paramInt(c));
  if (!actor) return fail('渠道不存在');
  const r = await runChannelTest(c.app, actor, c.query.get('model') ?? '', 'single');
  return { body: { success: r.success, message: r.message, time: r.time } };
}

export const channelTestRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/channel/test', access: 'admin', handler: testAll },
  { method: 'get', path: '/api/channel/test/:id', access: 'admin', handler: testOne },
];
