/** What a video task route asked for, read from JSON or multipart (new-api TaskSubmitReq). */
export interface VideoSubmit {
  model: string;
  prompt: string;
  /** image URLs or data URIs: `image` first, then `images` */
  images: string[];
  /** `WIDTHxHEIGHT`, '' when not given */
  size: string;
  /** requested length in seconds (`seconds` or `duration`), 0 when not given */
  seconds: number;
  mode: string;
  /** provider-specific fields merged into the upstream body */
  metadata: Record<string, unknown>;
  /** the client's body as sent, for adapters that forward it (Sora) */
  raw: { kind: 'json'; body: Record<string, unknown> } | { kind: 'multipart'; form: FormData };
  /** a remix: the provider's own id of the task it remixes (never the public one) */
  remixOf?: string;
}

/** The channel a task goes to or lives on. */
export interface VideoChannel {
  base: string;
  key: string;
  /** the model after the channel's model_mapping */
  upstreamModel: string;
}

export interface VideoHttpRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | Buffer;
}

export type VideoSubmitVerdict = { ok: true; upstreamId: string } | { ok: false; status: number; code: string; message: string };

/** new-api's task statuses an upstream's words map to. */
export type VideoTaskStatus = 'SUBMITTED' | 'QUEUED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE';

/** What a poll may need to know of the task besides its id (the stored action and upstream model). */
export interface VideoTaskFacts {
  action: string;
  upstreamModel: string;
}

/** One poll answer (new-api TaskInfo): status '' when the upstream named none. */
export interface VideoPollResult {
  status: VideoTaskStatus | '';
  /** e.g. "45%"; '' keeps the status's default */
  progress: string;
  /** the finished video's URL, '' when the content is fetched through the provider (Sora) */
  url: string;
  reason: string;
  /** a finished task's tokens as the provider reports them (Doubao's usage.total_tokens); absent: none */
  totalTokens?: number;
}

/**
 * One video provider (new-api relay/channel/task/<name>): pure request builders and answer readers.
 * The seam calls them; none does I/O. `now` is unix ms, passed in for token signing.
 */
export interface VideoTaskAdapter {
  /** new-api's action for the request (generate, textGenerate, …) */
  action(s: VideoSubmit): string;
  /** new-api EstimateBilling: multipliers on the per-call price (seconds, size); {} for none */
  ratios(s: VideoSubmit): Record<string, number>;
  submitRequest(s: VideoSubmit, ch: VideoChannel, now: number): Promise<VideoHttpRequest>;
  /** a remix of the provider's task `upstreamId` (new-api's remixGenerate); absent: the provider has none */
  remixRequest?(s: VideoSubmit, ch: VideoChannel, upstreamId: string): VideoHttpRequest;
  parseSubmit(status: number, body: string): VideoSubmitVerdict;
  pollRequest(ch: Omit<VideoChannel, 'upstreamModel'>, upstreamId: string, task: VideoTaskFacts, now: number): Promise<VideoHttpRequest>;
  /** null: not an answer this adapter understands (the task is left as it is) */
  parsePoll(body: string): VideoPollResult | null;
  /** how the finished video's bytes are fetched from the provider itself; absent: from the result URL */
  contentRequest?(ch: Omit<VideoChannel, 'upstreamModel'>, upstreamId: string): VideoHttpRequest;
  /** the OpenAI video object for GET /v1/videos/:id built from the stored upstream answer; absent: the generic one */
  openAiVideo?(stored: unknown): Record<string, unknown> | null;
}

/** A refusal of a submit by the upstream, in new-api's TaskError codes. */
export const upstreamRefusal = (status: number, body: string): VideoSubmitVerdict => ({ ok: false, status, code: 'fail_to_fetch_task', message: body.slice(0, 1000) });

/** tasks.task_id and private ids are bounded: an id that does not fit is as good as none. */
export const usableId = (id: unknown): id is string => typeof id === 'string' && id.length > 0 && id.length <= 191;
