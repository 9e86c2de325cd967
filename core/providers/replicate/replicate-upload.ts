import type { Converted } from '../../formats/format-contracts.js';
import { encodeMultipart, formFiles } from '../../formats/media/multipart.js';
import type { UpstreamClient, UpstreamResponse } from '../../upstream/upstream-client.js';
import { readCapped } from '../../upstream/read-capped.js';
import { upstreamFailure } from '../hub-adapter.js';

const UPLOAD_TIMEOUT_MS = 60_000;
const MAX_ANSWER_BYTES = 1024 * 1024;

/** The image of an edit: the first file under `image`, `image[]` or `image_prompt`, else the first file at all (new-api's order). */
export function editImage(form: FormData): File | null {
  for (const name of ['image', 'image[]', 'image_prompt']) {
    const files = formFiles(form, (n) => n === name);
    if (files[0]) return files[0];
  }
  return formFiles(form, () => true)[0] ?? null;
}

/** The URL a files-API answer gives the upload (`urls.get`), or null. */
export function uploadedUrl(answer: unknown): string | null {
  const urls = (answer as { urls?: { get?: unknown } } | null)?.urls;
  return typeof urls?.get === 'string' && urls.get ? urls.get : null;
}

const failed = (why: string) => ({ ok: false as const, failure: upstreamFailure(`replicate adaptor: upload image failed: ${why}`, 'bad_response', 502) });

/**
 * Uploads the edit's image to Replicate's files API (POST {base}/v1/files, the file as the `content` part) and
 * gives the URL the prediction reads it from, as new-api's replicate adaptor does. Through the relay's
 * upstream client, so the channel's outbound policy applies.
 */
export async function uploadEditImage(upstream: UpstreamClient, base: string, key: string, form: FormData): Promise<Converted<string>> {
  const image = editImage(form);
  if (!image) return failed('no image file');
  const upload = new FormData();
  upload.append('content', image, image.name || 'image');
  const { body, contentType } = await encodeMultipart(upload, {});
  const sent = upstream.send({
    url: `${base.replace(/\/+$/, '')}/v1/files`,
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType, accept: 'application/json' },
    body,
    firstByteTimeoutMs: UPLOAD_TIMEOUT_MS,
    idleTimeoutMs: UPLOAD_TIMEOUT_MS,
  });
  let res: UpstreamResponse;
  try {
    res = await sent.response;
  } catch {
    return failed('no answer from the files API');
  }
  let text: string;
  try {
    text = (await readCapped(res.body, MAX_ANSWER_BYTES)).toString('utf8');
  } catch {
    return failed('unreadable answer from the files API');
  }
  if (res.status !== 200 && res.status !== 201) return failed(`status ${res.status}`);
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    return failed('the files API answered with a body that is not JSON');
  }
  const url = uploadedUrl(json);
  return url ? { ok: true, value: url } : failed('the answer has no urls.get');
}
