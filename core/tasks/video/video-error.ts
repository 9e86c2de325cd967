import { TaskAnswerError } from '../task-exchange.js';

/** new-api's TaskError body on the video routes: `{"code","message","data":null}` with the given status. */
export const videoError = (status: number, code: string, message: string): TaskAnswerError => new TaskAnswerError(status, { code, message, data: null });
