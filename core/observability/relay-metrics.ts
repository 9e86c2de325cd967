import type { Registry } from 'prom-client';
import type { Breaker } from '../channel-health/breaker.js';
import type { ChannelState } from '../actors/channel-state.js';
import { RELAY_ENDPOINTS, type RelayEndpoint } from '../relay/endpoints.js';
import type { RelayError } from '../relay/relay-error.js';
import { HistogramCell, LATENCY_BUCKETS } from './histogram-cell.js';
import { scrapedCounter, scrapedGauge, scrapedHistogram, type Sample } from './scraped-metrics.js';
import { UPSTREAM_ERROR_KINDS, upstreamErrorKind } from './upstream-error-kind.js';

/** Index = the status's hundreds digit; 0 = no answer was sent (the client went away first). */
const STATUS_CLASSES = ['none', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** Exposed at zero from the start, so rate() sees a series' first increment. */
const ALWAYS_SHOWN = [2, 4, 5];

export const statusClassIndex = (status: number): number => (status >= 100 && status < 600 ? Math.floor(status / 100) : 0);

/** 0 closed, 1 open (cooling down), 2 half-open (a probe may go or is in flight). */
export const breakerGauge = (b: Breaker, now: number): number => (!b.open ? 0 : b.probing || now >= b.retryAt ? 2 : 1);

/** Quota this node holds in leases, by kind (core/billing/quota-leases.ts). */
export interface LeaseTotals {
  kind: 'user' | 'token';
  slices: number;
  held: number;
  reserved: number;
}

/** What is read only at scrape time, never per request. */
export interface ScrapeSources {
  inFlight(): { current: number; limit: number };
  /** null when reservations go to the database one by one (no leases on this node) */
  leases(): readonly LeaseTotals[] | null;
  channels(): Iterable<{ id: number; state: ChannelState }>;
  /** the node's Redis, when it has one: true while connected, false while its counts go on in the process */
  redis?(): boolean;
  now?(): number;
}

interface RouteSeries {
  labels: { family: string; format: string };
  byStatus: Float64Array;
  total: HistogramCell;
  firstByte: HistogramCell;
}

/**
 * The relay's Prometheus metrics. Per request the relay calls `finished` once (and `charged`, `retried`,
 * `upstreamError` as those happen): each is a map lookup by an object already in hand and a few additions
 * into cells created up front; labels are attached only when /metrics is scraped. Every map here is
 * bounded: routes by the endpoint table, upstream errors by the channels that exist (a deleted channel's
 * series go at the next scrape).
 */
export class RelayMetrics {
  private readonly byEndpoint = new Map<RelayEndpoint, RouteSeries>();
  private readonly routes = new Map<string, RouteSeries>();
  /** channel id → count per UPSTREAM_ERROR_KINDS index */
  private readonly upstreamErrors = new Map<number, Float64Array>();
  private retries = 0;
  private quotaCharged = 0;
  private rejections = 0;

  constructor(registry: Registry, private readonly sources: ScrapeSources) {
    for (const endpoint of RELAY_ENDPOINTS) if (endpoint.body === 'json') this.series(endpoint);
    const routes = () => this.routes.values();
    const now = () => (sources.now ?? Date.now)();

    scrapedCounter(registry, 'ferryman_relay_requests_total', 'Relay requests answered, by route family, client format and status class (none: the client left before an answer).', ['family', 'format', 'status_class'], () =>
      this.requestSamples(),
    );
    scrapedHistogram(registry, 'ferryman_relay_duration_seconds', 'Relay request time, arrival to the last byte (a stream: to its end).', ['family', 'format'], LATENCY_BUCKETS, () =>
      map(routes(), (s) => ({ labels: s.labels, cell: s.total })),
    );
    scrapedHistogram(registry, 'ferryman_relay_first_byte_seconds', 'Streams: arrival to the first relayed event.', ['family', 'format'], LATENCY_BUCKETS, () =>
      map(routes(), (s) => ({ labels: s.labels, cell: s.firstByte })),
    );
    scrapedCounter(registry, 'ferryman_relay_retries_total', 'Attempts on another channel after a failed one.', [], () => [{ labels: {}, value: this.retries }]);
    scrapedCounter(registry, 'ferryman_relay_rejected_total', 'Relay requests refused with 503 because RELAY_MAX_IN_FLIGHT were in flight.', [], () => [{ labels: {}, value: this.rejections }]);
    scrapedGauge(registry, 'ferryman_relay_in_flight', 'Relay requests in flight on this node.', [], () => [{ labels: {}, value: sources.inFlight().current }]);
    const redisUp = sources.redis;
    // relay threads each hold a connection: the process is up only if every one is
    if (redisUp) scrapedGauge(registry, 'ferryman_redis_up', '1 while this node reaches its Redis, 0 while its rate limits count in its own memory.', [], () => [{ labels: {}, value: redisUp() ? 1 : 0 }], 'min');
    scrapedGauge(registry, 'ferryman_relay_in_flight_limit', 'RELAY_MAX_IN_FLIGHT (0: no cap).', [], () => [{ labels: {}, value: sources.inFlight().limit }]);
    scrapedCounter(registry, 'ferryman_upstream_errors_total', 'Failed upstream attempts, by channel id and kind.', ['channel', 'kind'], () => this.upstreamErrorSamples());
    scrapedCounter(registry, 'ferryman_quota_charged_total', 'Quota charged for relayed requests (quota units).', [], () => [{ labels: {}, value: this.quotaCharged }]);
    scrapedGauge(registry, 'ferryman_quota_lease_slices', 'Quota leases this node holds, by kind.', ['kind'], () => map(sources.leases() ?? [], (l) => ({ labels: { kind: l.kind }, value: l.slices })));
    scrapedGauge(registry, 'ferryman_quota_lease_held', 'Leased quota not yet assigned to a request, by kind.', ['kind'], () => map(sources.leases() ?? [], (l) => ({ labels: { kind: l.kind }, value: l.held })));
    scrapedGauge(registry, 'ferryman_quota_lease_reserved', 'Leased quota reserved by requests in flight, by kind.', ['kind'], () => map(sources.leases() ?? [], (l) => ({ labels: { kind: l.kind }, value: l.reserved })));
    scrapedGauge(registry, 'ferryman_channel_breaker_state', "A channel's circuit breaker on this node: 0 closed, 1 open, 2 half-open.", ['channel'], () =>
      map(sources.channels(), (c) => ({ labels: { channel: String(c.id) }, value: breakerGauge(c.state.breaker, now()) })),
    );
    scrapedGauge(registry, 'ferryman_channel_in_flight', 'Attempts in flight per channel on this node.', ['channel'], () =>
      map(sources.channels(), (c) => ({ labels: { channel: String(c.id) }, value: c.state.inFlight })),
    );
  }

  /** A relay request is over: `status` is what the client was sent (0: nothing); `firstByteMs` > 0 for a stream that relayed an event. */
  finished(endpoint: RelayEndpoint, status: number, totalMs: number, firstByteMs: number): void {
    const s = this.byEndpoint.get(endpoint) ?? this.series(endpoint);
    s.byStatus[statusClassIndex(status)]!++;
    s.total.observe(totalMs / 1000);
    if (firstByteMs > 0) s.firstByte.observe(firstByteMs / 1000);
  }

  /** Refused by the in-flight cap: a 503 counted with the requests, kept out of the latency histograms. */
  rejected(endpoint: RelayEndpoint): void {
    this.rejections++;
    (this.byEndpoint.get(endpoint) ?? this.series(endpoint)).byStatus[5]!++;
  }

  retried(): void {
    this.retries++;
  }

  charged(quota: number): void {
    if (quota > 0) this.quotaCharged += quota;
  }

  upstreamError(channelId: number, err: Pick<RelayError, 'status' | 'code'>): void {
    let counts = this.upstreamErrors.get(channelId);
    if (!counts) this.upstreamErrors.set(channelId, (counts = new Float64Array(UPSTREAM_ERROR_KINDS.length)));
    counts[upstreamErrorKind(err)]!++;
  }

  private series(endpoint: RelayEndpoint): RouteSeries {
    const key = `${endpoint.kind} ${endpoint.format}`;
    let s = this.routes.get(key);
    if (!s) {
      s = { labels: { family: endpoint.kind, format: endpoint.format }, byStatus: new Float64Array(STATUS_CLASSES.length), total: new HistogramCell(LATENCY_BUCKETS), firstByte: new HistogramCell(LATENCY_BUCKETS) };
      this.routes.set(key, s);
    }
    this.byEndpoint.set(endpoint, s);
    return s;
  }

  private *requestSamples(): Iterable<Sample<'family' | 'format' | 'status_class'>> {
    for (const s of this.routes.values()) {
      for (let i = 0; i < STATUS_CLASSES.length; i++) {
        if (s.byStatus[i] || ALWAYS_SHOWN.includes(i)) yield { labels: { ...s.labels, status_class: STATUS_CLASSES[i] }, value: s.byStatus[i]! };
      }
    }
  }

  private *upstreamErrorSamples(): Iterable<Sample<'channel' | 'kind'>> {
    const live = new Set<number>();
    for (const c of this.sources.channels()) live.add(c.id);
    for (const [id, counts] of this.upstreamErrors) {
      if (!live.has(id)) {
        this.upstreamErrors.delete(id);
        continue;
      }
      for (let k = 0; k < counts.length; k++) if (counts[k]) yield { labels: { channel: String(id), kind: UPSTREAM_ERROR_KINDS[k] }, value: counts[k]! };
    }
  }
}

function* map<T, U>(items: Iterable<T>, fn: (item: T) => U): Iterable<U> {
  for (const item of items) yield fn(item);
}
