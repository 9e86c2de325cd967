import { doubaoVideo } from './doubao-video.js';
import { jimengVideo } from './jimeng-video.js';
import { klingVideo } from './kling-video.js';
import { soraVideo } from './sora-video.js';
import { viduVideo } from './vidu-video.js';
import type { VideoTaskAdapter } from './video-adapter.js';

/** The video task adapters by channel type (new-api constant/channel.go); a task's platform is its type. */
export const VIDEO_ADAPTERS: Readonly<Record<number, VideoTaskAdapter>> = {
  50: klingVideo,
  51: jimengVideo,
  52: viduVideo,
  54: doubaoVideo,
  55: soraVideo,
};

/** The platforms (tasks.platform) the video poller reads. */
export const VIDEO_PLATFORMS = Object.keys(VIDEO_ADAPTERS);

export const videoAdapterOf = (type: number): VideoTaskAdapter | null => VIDEO_ADAPTERS[type] ?? null;
