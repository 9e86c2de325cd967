// How the benchmark gets a running Ferryman to measure. The gateway owns this:
// it should boot the gateway out of the runner's process (its own event loop),
// run setup, create an OpenAI channel whose base URL is `upstreamUrl` and a
// token, and return where to send requests. Until then the runner measures
// only the mock and the bare floor.

export interface FerrymanBenchTarget {
  /** Base URL, e.g. http://127.0.0.1:3000 (the runner appends /v1/chat/completions). */
  url: string;
  /** Token key sent as `Authorization: Bearer <key>`. */
  key: string;
  close(): Promise<void>;
}

export interface FerrymanBenchOptions {
  /** Base URL of the mock upstream the channel must point at. */
  upstreamUrl: string;
}

export async function startFerrymanForBench(_opts: FerrymanBenchOptions): Promise<FerrymanBenchTarget | null> {
  console.log('Ferryman target not wired yet');
  return null;
}
