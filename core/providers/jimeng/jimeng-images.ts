import { z } from 'zod';
import type { Converted } from '../../formats/format-contracts.js';
import { MediaRequestError, type MediaRequest } from '../../formats/media/media-request.js';
import type { OverridableRequest } from '../hub-adapter.js';
import type { MediaAdapter, MediaAnswerContext, MediaCall } from '../media-adapter.js';
import { visualApiHeaders } from '../volcengine/volc-sign.js';

// Jimeng (type 51) images as new-api's jimeng adaptor serves them: /v1/images/generations becomes one
// synchronous CVProcess call on Volcengine's visual API (req_key = the upstream model), signed with the
// channel's AK|SK, and its `binary_data_base64` / `image_urls` the OpenAI answer.

export const JIMENG_IMAGE_MODEL = 'jimeng_high_aes_general_v21_L';

const OK = 10000;

/**
 * The width and height each known req_key accepts (Volcengine's docs); OpenAI sizes outside them are scaled
 * to fit, keeping the aspect, so a client's default 1024x1024 still reaches the 768-pixel model.
 */
const SIDE_RANGE: Readonly<Record<string, readonly [number, number]>> = {
  jimeng_high_aes_general_v21_L: [256, 768],
  jimeng_t2i_v30: [512, 2048],
  jimeng_t2i_v31: [512, 2048],
};

/** OpenAI's `size` (WxH) as Jimeng's width and height, fitted to the req_key's range when it has one; null when unreadable. */
export function jimengSize(size: string, reqKey: string): { width: number; height: number } | null {
  const m = /^\s*(\d+)\s*x\s*(\d+)\s*$/.exec(size);
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (w <= 0 || h <= 0) return null;
  const range = SIDE_RANGE[reqKey];
  if (!range) return { width: w, height: h };
  const [min, max] = range;
  let scale = Math.min(1, max / Math.max(w, h));
  if (Math.min(w, h) * scale < min) scale = min / Math.min(w, h);
  const fit = (v: number) => Math.min(max, Math.max(min, Math.round(v * scale)));
  return { width: fit(w), height: fit(h) };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

const wantsBase64 = (json: Record<string, unknown>) => String(json.response_format ?? '').toLowerCase() === 'b64_json';

/** The CVProcess body from an OpenAI image request: req_key, prompt, return_url unless b64_json, size, then `extra_fields` over all. */
export function jimengImageBody(json: Record<string, unknown>, reqKey: string): Record<string, unknown> {
  const n = json.n === undefined || json.n === null ? 1 : Number(json.n);
  // CVProcess draws one image per call: more would be billed and never delivered
  if (n !== 1) throw new MediaRequestError('n must be 1 for Jimeng images', 'invalid_image_request');
  const body: Record<string, unknown> = { req_key: reqKey, prompt: json.prompt };
  if (!wantsBase64(json)) body.return_url = true;
  const size = typeof json.size === 'string' ? jimengSize(json.size, reqKey) : null;
  if (size) Object.assign(body, size);
  if (isObject(json.extra_fields)) Object.assign(body, json.extra_fields);
  return body;
}

/** POST {base}/?Action=CVProcess&Version=2022-08-31, signed with the key's AK|SK (and signed again by `sign` when param_override changes the body). */
export function jimengImageRequest(req: MediaRequest, call: MediaCall): OverridableRequest {
  const json = req.body.type === 'json' ? req.body.json : {};
  const url = `${call.base.replace(/\/+$/, '')}/?Action=CVProcess&Version=2022-08-31`;
  const body = JSON.stringify(jimengImageBody(json, call.model.trim() || JIMENG_IMAGE_MODEL));
  const now = call.now ?? Date.now();
  const sign = (signed: string) => visualApiHeaders(url, call.key, signed, now);
  return { url, headers: Object.assign({ accept: 'application/json' }, sign(body)), body, sign };
}

const strings = z.array(z.unknown()).catch([]).transform((a) => a.filter((v): v is string => typeof v === 'string' && v.trim() !== ''));

const answerSchema = z.looseObject({
  code: z.number().catch(-1),
  message: z.string().catch(''),
  data: z.looseObject({ binary_data_base64: strings.nullish(), image_urls: strings.nullish() }).nullish().catch(null),
});

/** A CVProcess answer as OpenAI's images answer (the form the client asked for, else the one Jimeng gave), or Jimeng's refusal. */
export function jimengImageAnswer(p: Record<string, unknown>, json: Record<string, unknown>, nowS: number): Converted<Record<string, unknown>> {
  const a = answerSchema.parse(p);
  if (a.code !== OK) {
    return { ok: false, failure: { status: 500, message: a.message || `jimeng error ${a.code}`, type: 'jimeng_error', code: String(a.code) } };
  }
  const b64 = (a.data?.binary_data_base64 ?? []).map((b64_json) => ({ b64_json }));
  const urls = (a.data?.image_urls ?? []).map((url) => ({ url }));
  const data = wantsBase64(json) ? (b64.length ? b64 : urls) : urls.length ? urls : b64;
  if (data.length === 0) return { ok: false, failure: { status: 502, message: 'jimeng returned no image', type: 'upstream_error', code: 'bad_response_body' } };
  return { ok: true, value: { created: nowS, data } };
}

export const JIMENG_IMAGES: MediaAdapter = {
  kinds: ['image_generation'],
  request: jimengImageRequest,
  answer: async (p: Record<string, unknown>, ctx: MediaAnswerContext) => jimengImageAnswer(p, ctx.req.body.type === 'json' ? ctx.req.body.json : {}, ctx.nowS),
};
