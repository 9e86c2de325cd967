import { BodyTooLargeError } from '../../http/exchange.js';
import { MalformedMultipartError, parseMultipart } from '../../formats/media/multipart.js';
import { localError } from '../../relay/relay-error.js';
import type { TaskContext } from '../task-context.js';
import { jsonObjectBody } from '../task-exchange.js';
import { videoError } from './video-error.js';
import type { VideoSubmit } from './video-adapter.js';
import { videoSubmitFromForm, videoSubmitFromJimeng, videoSubmitFromJson, videoSubmitFromKling } from './video-submit-body.js';

/** How the client wrote the body: new-api's unified fields, or Kling's or Jimeng's own API. */
export type VideoDialect = 'unified' | 'kling' | 'jimeng';

const FROM_JSON = { unified: videoSubmitFromJson, kling: videoSubmitFromKling, jimeng: videoSubmitFromJimeng } as const;

/**
 * The submit in a request's body: multipart (OpenAI's SDK), JSON, or a Kling- or Jimeng-native JSON body on
 * their routes; a refusal is new-api's invalid_request.
 */
export async function readVideoSubmit(ctx: TaskContext, dialect: VideoDialect): Promise<VideoSubmit> {
  const type = ctx.ex.req.headers['content-type'] ?? '';
  let outcome;
  if (/^multipart\/form-data\b/i.test(type.trim())) {
    const raw = await ctx.body.catch((e: unknown) => {
      if (e instanceof BodyTooLargeError) throw localError(413, e.message, 'request_body_too_large', 'invalid_request_error');
      throw videoError(400, 'invalid_request', 'invalid request body');
    });
    const form = await parseMultipart(raw, type).catch((e: unknown) => {
      throw videoError(400, 'invalid_request', e instanceof MalformedMultipartError ? e.message : 'invalid request body');
    });
    outcome = videoSubmitFromForm(form);
  } else {
    const body = await jsonObjectBody(ctx.body);
    outcome = FROM_JSON[dialect](body);
  }
  if (!outcome.ok) throw videoError(400, 'invalid_request', outcome.message);
  return outcome.submit;
}
