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

/** A refusal before any handler ran (new-api abortWithMidjourneyMessage in the distributor). */
export const mjRequestError = (description: string): TaskAnswerError =>
  new TaskAnswerError(400, { description, type: 'new_api_error', code: MJ_ERROR_UNKNOWN });
