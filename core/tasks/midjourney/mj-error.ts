import type { ErrorWriter } from '../../formats/format-contracts.js';
import { TaskAnswerError } from '../task-exchange.js';

/** Midjourney-Proxy's codes for a refused request (new-api constant/midjourney.go). */
export const MJ_REQUEST_ERROR = 4;
export const MJ_ERROR_UNKNOWN = 5;

/**
 * A refusal from the Midjourney handlers (new-api controller RelayMidjourney): 400
 * `{"description":"<description> <result>","type":"upstream_error","code":n}` — the space is new-api's.
 */
export const mjError = (code: number, description: string, result = ''): TaskAnswerError =>
  new TaskAnswerError(400, { description: `${description} ${result}`, type: 'upstream_error', code });

/** new-api abortWithMidjourneyMessage's body (a refusal before any handler ran, in the distributor). */
const mjAbortBody = (description: string) => ({ description, type: 'new_api_error', code: MJ_ERROR_UNKNOWN });

export const mjRequestError = (description: string): TaskAnswerError => new TaskAnswerError(400, mjAbortBody(description));

/** The gateway's own 503s on the Midjourney routes (stopping, over RELAY_MAX_IN_FLIGHT): Midjourney clients read this body, not an `error` object. */
export const mjGateErrors: ErrorWriter = { errorBody: (f) => ({ status: f.status, body: mjAbortBody(f.message) }) };
