import type { Converted } from '../../formats/format-contracts.js';
import type { MediaRequest } from '../../formats/media/media-request.js';
import { formText } from '../../formats/media/multipart.js';
import { upstreamFailure } from '../hub-adapter.js';
import type { MediaAdapter, MediaAnswerContext, MediaCall } from '../media-adapter.js';
import type { UpstreamCall } from '../provider.js';
import type { UpstreamClient } from '../../upstream/upstream-client.js';
import { fetchImageBase64 } from './replicate-fetch-image.js';
import { uploadEditImage } from './replicate-upload.js';

// Replicate (type 56) as new-api's replicate adaptor serves it: /v1/images/generations and /v1/images/edits
// become a synchronous prediction (`Prefer: wait`) on the model's endpoint (an edit's image uploaded to the
// files API first, its URL the input's `image_prompt`), and the prediction's output URLs the OpenAI answer.

export const REPLICATE_DEFAULT_MODEL = 'black-forest-labs/flux-1.1-pro';

// OpenAI image fields with a meaning of their own here; any other field goes into the prediction's input.
const OPENAI_FIELDS = new Set(['model', 'prompt', 'n', 'size', 'quality', 'response_format', 'output_format', 'style', 'user', 'extra_fields', 'input', 'stream']);

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

/** A side for Flux's custom aspect: 256–1440, a multiple of 32 (halves round up). */
function fluxSide(v: number): number {
  const clamped = Math.min(1440, Math.max(256, v));
  const rem = clamped % 32;
  const rounded = rem === 0 ? clamped : rem >= 16 ? clamped + 32 - rem : clamped - rem;
  return Math.min(1440, Math.max(256, rounded));
}

const NAMED_RATIOS = new Set(['1:1', '16:9', '9:16', '3:2', '2:3', '4:5', '5:4', '3:4', '4:3']);

/** OpenAI's `size` (WxH) as Flux's input: a named aspect ratio, or `custom` with width and height; null when unreadable. */
export function fluxSize(size: string): Record<string, unknown> | null {
  const m = /^\s*(\d+)\s*x\s*(\d+)\s*$/.exec(size);
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (w <= 0 || h <= 0) return null;
  if (w === h) return { aspect_ratio: '1:1' };
  const g = gcd(w, h);
  const ratio = `${w / g}:${h / g}`;
  // 1792x1024 and 1024x1792 are DALL·E's 16:9 and 9:16 (their exact ratio is 7:4)
  if (w === 1792 && h === 1024) return { aspect_ratio: '16:9' };
  if (w === 1024 && h === 1792) return { aspect_ratio: '9:16' };
  if (NAMED_RATIOS.has(ratio)) return { aspect_ratio: ratio };
  return { aspect_ratio: 'custom', width: fluxSide(w), height: fluxSide(h) };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The prediction's `input` from an OpenAI image request. */
export function predictionInput(json: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = { prompt: json.prompt };
  const size = typeof json.size === 'string' ? fluxSize(json.size) : null;
  if (size) Object.assign(input, size);
  if (typeof json.output_format === 'string' && json.output_format.trim()) input.output_format = json.output_format;
  const n = typeof json.n === 'number' ? json.n : Number(json.n);
  if (Number.isInteger(n) && n > 0) input.num_outputs = n;
  const quality = typeof json.quality === 'string' ? json.quality.toLowerCase() : '';
  if (quality === 'hd' || quality === 'high') input.prompt_upsampling = true;
  if (isObject(json.extra_fields)) Object.assign(input, json.extra_fields);
  for (const [k, v] of Object.entries(json)) {
    if (!OPENAI_FIELDS.has(k) && v !== null && v !== undefined) input[k] = v;
  }
  if (isObject(json.input)) Object.assign(input, json.input);
  return input;
}

// the text fields of an edit's form that mean what they mean in a generation's JSON (new-api reads no others)
const EDIT_FIELDS = ['prompt', 'size', 'n', 'quality', 'response_format', 'output_format'] as const;

/** The request's image fields: a generation's JSON, or an edit's form fields in that shape. */
export function imageFields(req: MediaRequest): Record<string, unknown> {
  if (req.body.type === 'json') return req.body.json;
  const out: Record<string, unknown> = {};
  for (const name of EDIT_FIELDS) {
    const v = formText(req.body.form, name);
    if (v !== '') out[name] = name === 'n' ? Number(v) : v;
  }
  return out;
}

/** POST {base}/v1/models/{owner}/{name}/predictions, waiting for the result; an edit's input reads the uploaded image. */
export function replicateRequest(req: MediaRequest, call: MediaCall): UpstreamCall {
  const model = call.model.trim() || REPLICATE_DEFAULT_MODEL;
  const input = predictionInput(imageFields(req));
  if (req.kind === 'image_edit') {
    if (typeof call.prepared?.image_prompt !== 'string') throw new Error('replicate adaptor: image file is required for edits');
    input.image_prompt = call.prepared.image_prompt;
  }
  return {
    url: `${call.base.replace(/\/+$/, '')}/v1/models/${model}/predictions`,
    headers: { authorization: `Bearer ${call.key}`, prefer: 'wait', 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ input }),
  };
}

/** An edit's image, uploaded to the files API before the prediction that reads it. */
async function prepare(req: MediaRequest, call: MediaCall, upstream: UpstreamClient): Promise<Converted<Record<string, unknown>>> {
  if (req.kind !== 'image_edit' || req.body.type !== 'multipart') return { ok: true, value: {} };
  const url = await uploadEditImage(upstream, call.base, call.key, req.body.form);
  return url.ok ? { ok: true, value: { image_prompt: url.value } } : url;
}

/** The output URLs of a succeeded prediction, or what went wrong. */
export function predictionUrls(p: Record<string, unknown>): Converted<string[]> {
  const err = p.error;
  if (err) {
    const e = isObject(err) ? err : { message: String(err) };
    const message = [e.message, e.detail, e.code].find((v) => typeof v === 'string' && v) as string | undefined;
    return { ok: false, failure: upstreamFailure(message ?? 'replicate adaptor: prediction error', 'bad_response') };
  }
  const status = typeof p.status === 'string' ? p.status : '';
  if (status && status.toLowerCase() !== 'succeeded') return { ok: false, failure: upstreamFailure(`replicate prediction status: ${status}`, 'bad_response') };
  const out = p.output;
  const urls = (typeof out === 'string' ? [out] : Array.isArray(out) ? out : []).filter((u): u is string => typeof u === 'string').map((u) => u.trim()).filter(Boolean);
  if (urls.length === 0) return { ok: false, failure: upstreamFailure('replicate prediction returned no output', 'bad_response_body') };
  return { ok: true, value: urls };
}

async function answer(p: Record<string, unknown>, ctx: MediaAnswerContext): Promise<Converted<Record<string, unknown>>> {
  const urls = predictionUrls(p);
  if (!urls.ok) return urls;
  const json = imageFields(ctx.req);
  if (String(json.response_format ?? '').toLowerCase() !== 'b64_json') return { ok: true, value: { created: ctx.nowS, data: urls.value.map((url) => ({ url })) } };
  const data: Array<{ b64_json: string }> = [];
  for (const url of urls.value) {
    const fetched = await fetchImageBase64(ctx.upstream, url);
    if (!fetched.ok) return fetched;
    data.push({ b64_json: fetched.value });
  }
  return { ok: true, value: { created: ctx.nowS, data } };
}

export const REPLICATE: MediaAdapter = { kinds: ['image_generation', 'image_edit'], request: replicateRequest, prepare, answer };
