import { collectDefaultMetrics, Registry } from 'prom-client';
import { RelayMetrics, type ScrapeSources } from './relay-metrics.js';

/** The node's metrics: one registry per gateway (never prom-client's global one, so gateways in one process stay apart). */
export interface Observability {
  registry: Registry;
  relay: RelayMetrics;
}

/**
 * Metrics are off unless METRICS_TOKEN is set: then nothing is recorded per request and /metrics is 404.
 * When on, prom-client's default metrics (process memory and CPU, heap, GC, event-loop lag, handles) sit
 * beside the relay's.
 */
export function createObservability(token: string | undefined, sources: ScrapeSources): Observability | null {
  if (!token) return null;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return { registry, relay: new RelayMetrics(registry, sources) };
}
