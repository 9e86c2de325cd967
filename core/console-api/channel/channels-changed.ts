import type { AppServices } from '../../app-services.js';

/** After any channel write: other nodes drop their copy, and this node's directory reloads before answering. */
export function channelsChanged(app: AppServices): Promise<void> {
  app.invalidation.publish('channels');
  return app.channels.rebuild();
}
