import type { Exchange } from '../http/exchange.js';
import type { OptionsStore } from '../options/options-store.js';
import { SSE_HEADERS } from './forward-stream.js';

/** The keep-alive period, or null while new-api's general_setting.ping_interval_enabled is off. */
export function keepAliveIntervalMs(options: OptionsStore): number | null {
  if (!options.bool('general_setting.ping_interval_enabled')) return null;
  const seconds = options.number('general_setting.ping_interval_seconds');
  return (seconds > 0 ? seconds : 10) * 1000;
}

/**
 * new-api's stream keep-alive: the SSE comment `: PING` whenever a whole period passes with nothing
 * written, while the upstream has not answered yet and between its events, so proxies and clients with
 * idle limits keep the connection open through a long think. The first ping commits the response (200,
 * event stream): from then on a failed attempt ends the stream with an error event instead of a retry.
 * Returns the function that stops it.
 */
export function startKeepAlive(ex: Exchange, periodMs: number): () => void {
  let seen = ex.writes;
  const timer = setInterval(() => {
    if (ex.finished || ex.aborted) return clearInterval(timer);
    if (ex.writes === seen) {
      if (!ex.headSent) ex.writeHead(200, SSE_HEADERS);
      ex.write(': PING\n\n');
    }
    seen = ex.writes;
  }, periodMs);
  return () => clearInterval(timer);
}
