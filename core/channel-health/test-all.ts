import { setTimeout as sleep } from 'node:timers/promises';
import type { AppServices } from '../app-services.js';
import { CHANNEL_STATUS } from '../contracts/channel.js';
import { TEST_ALL_DONE } from './health-effects.js';
import { runChannelTest } from './run-channel-test.js';

/**
 * Tests every channel in turn, POLLING_INTERVAL seconds apart (new-api's testAllChannels), applying the
 * test-all rules: a key failure or a slow answer auto-disables, a pass re-enables an auto-disabled channel.
 * Manually disabled channels are skipped: nothing a test finds can change them. One run at a time per node;
 * null when one is already running. `notify`: root is told when the run ends (a run an admin started).
 */
export function startTestAll(app: AppServices, notify: boolean): Promise<void> | null {
  const running = app.channelHealth.running;
  if (running.testAll) return null;
  running.testAll = true;
  return (async () => {
    try {
      const rows = await app.sql<{ id: number }[]>`SELECT id FROM channels WHERE status <> ${CHANNEL_STATUS.manuallyDisabled} ORDER BY id`;
      for (const [i, { id }] of rows.entries()) {
        if (i > 0 && app.env.POLLING_INTERVAL > 0) await sleep(app.env.POLLING_INTERVAL * 1000);
        const actor = await app.channels.refresh(id);
        if (!actor || actor.config.status === CHANNEL_STATUS.manuallyDisabled) continue;
        const r = await runChannelTest(app, actor, '', 'all');
        if (!r.success) app.log.info('channel test failed', { channel: id, message: r.message });
      }
      if (notify) await app.channelHealth.notify(TEST_ALL_DONE);
    } catch (e) {
      app.log.error('channel test run failed', { error: e instanceof Error ? e.message : String(e) });
    } finally {
      running.testAll = false;
    }
  })();
}
