// Load generation with autocannon. Latencies are computed from autocannon's
// per-response times ourselves: its histogram keeps whole milliseconds, which
// rounds a ~0.2 ms loopback p50 to 0. A target's server CPU time is read from
// /proc around each run.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { processCpuMs } from './process-stats.js';
import { MODES, SCENARIO_PATH, scenarioBody, scenarioHeaders, type Mode, type Target } from './scenario.js';

export interface RunCounts {
  requests: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

export interface Throughput extends RunCounts {
  connections: number;
  reqPerSec: number;
  /** Response times at `connections` connections. */
  p50Ms: number;
  p99Ms: number;
  /** CPU time of the target's server process per request (all its threads); NaN without a pid. */
  cpuUsPerRequest: number;
}

export interface Latency extends RunCounts {
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
}

function run(
  target: Target,
  mode: Mode,
  connections: number,
  durationS: number,
  onResponseTime?: (ms: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url + SCENARIO_PATH,
        method: 'POST',
        headers: scenarioHeaders(target),
        body: scenarioBody(mode),
        connections,
        pipelining: 1,
        duration: durationS,
        timeout: 10,
      },
      (error: unknown, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)),
    );
    if (onResponseTime) instance.on('response', (_client, _status, _bytes, ms) => onResponseTime(ms));
  });
}

function counts(result: autocannon.Result): RunCounts {
  return { requests: result.requests.total, non2xx: result.non2xx, errors: result.errors };
}

/** Warms the JIT and the connection pools so the measured run starts hot. */
export async function warmUp(target: Target, mode: Mode, connections: number, durationS: number): Promise<void> {
  await run(target, mode, connections, durationS);
}

export async function measureThroughput(target: Target, mode: Mode, connections: number, durationS: number): Promise<Throughput> {
  const timesMs: number[] = [];
  const cpuBefore = target.pid ? await processCpuMs(target.pid) : Number.NaN;
  const result = await run(target, mode, connections, durationS, (ms) => timesMs.push(ms));
  const cpuMs = target.pid ? (await processCpuMs(target.pid)) - cpuBefore : Number.NaN;
  const sorted = Float64Array.from(timesMs).sort();
  return {
    connections,
    reqPerSec: result.requests.average,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    cpuUsPerRequest: (cpuMs * 1000) / result.requests.total,
    ...counts(result),
  };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Median time from sending a stream request to the first byte of its body (the first event), one request
 * at a time over one kept-alive connection, each answer read to its end.
 */
export async function firstByteDelay(target: Target, samples: number): Promise<number> {
  const agent = new Agent({ connections: 1 });
  const delays = new Float64Array(samples);
  try {
    for (let i = 0; i < samples; i++) {
      const start = performance.now();
      const response = await request(target.url + SCENARIO_PATH, {
        method: 'POST',
        headers: scenarioHeaders(target),
        body: scenarioBody('stream'),
        dispatcher: agent,
      });
      let first = Number.NaN;
      for await (const _chunk of response.body) if (Number.isNaN(first)) first = performance.now() - start;
      if (response.statusCode !== 200) throw new Error(`${target.name}: stream answered ${response.statusCode}`);
      delays[i] = first;
    }
  } finally {
    await agent.close();
  }
  return percentile(delays.sort(), 50);
}

/** Per-response times at one connection, pooled across rounds by summarizeLatency. */
export interface LatencySample extends RunCounts {
  timesMs: number[];
}

export async function sampleLatency(target: Target, mode: Mode, durationS: number): Promise<LatencySample> {
  const timesMs: number[] = [];
  const result = await run(target, mode, 1, durationS, (ms) => timesMs.push(ms));
  return { timesMs, ...counts(result) };
}

export function summarizeLatency(samples: LatencySample[]): Latency {
  const times = samples.flatMap((s) => s.timesMs);
  const sorted = Float64Array.from(times).sort();
  const sum = times.reduce((a, b) => a + b, 0);
  return {
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    meanMs: times.length ? sum / times.length : Number.NaN,
    requests: samples.reduce((a, s) => a + s.requests, 0),
    non2xx: samples.reduce((a, s) => a + s.non2xx, 0),
    errors: samples.reduce((a, s) => a + s.errors, 0),
  };
}

/** Steady mixed traffic for the memory runs: every connection alternates non-stream and stream requests. */
export function mixedLoad(target: Target, connections: number, durationS: number): Promise<autocannon.Result> {
  const headers = scenarioHeaders(target);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.url + SCENARIO_PATH,
        connections,
        pipelining: 1,
        duration: durationS,
        timeout: 10,
        requests: MODES.map((mode) => ({ method: 'POST' as const, path: SCENARIO_PATH, headers, body: scenarioBody(mode) })),
      },
      (error: unknown, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)),
    );
  });
}
