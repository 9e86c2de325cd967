import type { AppServices } from '../../app-services.js';
import { UpstreamClient } from '../../upstream/upstream-client.js';
import type { Env } from '../../config/env.js';

type TaskEnv = Pick<Env, 'TASK_QUERY_LIMIT' | 'TASK_TIMEOUT_MINUTES' | 'TASK_POLL_INTERVAL_SECONDS'>;
import { LeaderLock, TASK_POLLER_LOCK } from './leader-lock.js';
import { midjourneyPlatform } from './poll-midjourney.js';
import { pollPlatform } from './poll-platform.js';
import { sunoPlatform } from './poll-suno.js';
import { videoPlatform } from './poll-video.js';

export interface TaskPoller {
  stop(): Promise<void>;
}

/**
 * Polls unfinished Midjourney, Suno and video tasks every TASK_POLL_INTERVAL_SECONDS on the one node holding
 * the poller lock (new-api: the master node, UPDATE_TASK). Rounds never overlap: the next is scheduled
 * when the last has finished.
 */
export function startTaskPoller(app: AppServices, env: TaskEnv): TaskPoller {
  if (app.env.NODE_TYPE !== 'master' || !app.env.UPDATE_TASK) return { stop: async () => {} };
  const upstream = UpstreamClient.forChannels(app.env, 8);
  const lock = new LeaderLock(app.db, TASK_POLLER_LOCK, app.log);
  const opts = { limit: env.TASK_QUERY_LIMIT, timeoutMinutes: env.TASK_TIMEOUT_MINUTES };
  const video = videoPlatform(app);
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<void> = Promise.resolve();
  let stopped = false;

  const runRound = async () => {
    try {
      if (!(await lock.lead())) return;
      await pollPlatform(app, upstream, midjourneyPlatform, opts);
      await pollPlatform(app, upstream, sunoPlatform, opts);
      await pollPlatform(app, upstream, video, opts);
    } catch (e) {
      app.log.error('task poll round failed', { error: String(e) });
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = runRound().finally(schedule);
    }, env.TASK_POLL_INTERVAL_SECONDS * 1000);
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round;
      await lock.release();
      await upstream.close();
    },
  };
}
