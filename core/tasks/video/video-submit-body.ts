import { z } from 'zod';
import { formText } from '../../formats/media/multipart.js';
import type { VideoSubmit } from './video-adapter.js';

/** Seconds are a string in OpenAI's API and an integer in new-api's own body; both are read. */
const seconds = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,4}$/).transform(Number), z.literal('').transform(() => 0)]);

/** The unified body of /v1/video/generations and JSON /v1/videos; unknown fields pass through. */
const videoJsonBody = z.looseObject({
  model: z.string({ error: 'model is required' }).trim().min(1, 'model is required'),
  prompt: z.string().optional(),
  image: z.string().optional(),
  images: z.array(z.string()).max(16).optional(),
  size: z.string().max(32).optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  duration: z.number().int().nonnegative().optional(),
  seconds: seconds.optional(),
  mode: z.string().max(32).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export type VideoBodyOutcome = { ok: true; submit: VideoSubmit } | { ok: false; message: string };

/** new-api caps a task's length before it becomes a price multiplier (MaxTaskDurationSeconds). */
export const MAX_VIDEO_SECONDS = 300;

function finish(s: VideoSubmit): VideoBodyOutcome {
  if (!s.prompt.trim()) return { ok: false, message: 'prompt is required' };
  if (s.seconds > MAX_VIDEO_SECONDS) return { ok: false, message: `seconds must be at most ${MAX_VIDEO_SECONDS}` };
  return { ok: true, submit: s };
}

/** A JSON body → the submit; the first problem as new-api words it otherwise. */
export function videoSubmitFromJson(body: Record<string, unknown> | null): VideoBodyOutcome {
  const parsed = videoJsonBody.safeParse(body);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'invalid request body' };
  const b = parsed.data;
  const size = b.size ?? (b.width && b.height ? `${b.width}x${b.height}` : '');
  return finish({
    model: b.model,
    prompt: b.prompt ?? '',
    images: [...(b.image ? [b.image] : []), ...(b.images ?? [])],
    size,
    seconds: b.seconds || b.duration || 0,
    mode: b.mode ?? '',
    metadata: b.metadata ?? {},
    raw: { kind: 'json', body: b },
  });
}

/** A multipart body (OpenAI's videos.create) → the submit; files stay in the form for the upstream. */
export function videoSubmitFromForm(form: FormData): VideoBodyOutcome {
  const model = formText(form, 'model').trim();
  if (!model) return { ok: false, message: 'model is required' };
  const s = seconds.safeParse(formText(form, 'seconds'));
  if (!s.success) return { ok: false, message: 'seconds must be a whole number' };
  return finish({
    model,
    prompt: formText(form, 'prompt'),
    images: [],
    size: formText(form, 'size'),
    seconds: s.data,
    mode: '',
    metadata: {},
    raw: { kind: 'multipart', form },
  });
}

/**
 * A Kling-native body on /kling/v1/videos/… (new-api KlingRequestConvert): model_name (or model) and
 * prompt become the unified fields, and the whole body travels as metadata, so every Kling field
 * reaches the upstream as the client wrote it.
 */
export function videoSubmitFromKling(body: Record<string, unknown> | null): VideoBodyOutcome {
  if (!body) return videoSubmitFromJson(null);
  const model = typeof body.model_name === 'string' && body.model_name ? body.model_name : body.model;
  return videoSubmitFromJson({ model, prompt: body.prompt, metadata: body });
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * A Jimeng-native body on /jimeng/?Action=CVSync2AsyncSubmitTask (new-api JimengRequestConvert): req_key is
 * the model, prompt the prompt, and the whole body travels as metadata (laid over the Jimeng body upstream).
 * Its image_urls (or binary_data_base64) are the images, so the stored action, and the req_key a poll
 * derives from it, are the ones the submit was sent with.
 */
export function videoSubmitFromJimeng(body: Record<string, unknown> | null): VideoBodyOutcome {
  if (!body) return videoSubmitFromJson(null);
  const urls = strings(body.image_urls);
  const images = urls.length ? urls : strings(body.binary_data_base64);
  return videoSubmitFromJson({ model: typeof body.req_key === 'string' ? body.req_key : '', prompt: typeof body.prompt === 'string' ? body.prompt : '', images, metadata: body });
}
