/** A handler's answer: JSON by default, or a raw body for the few routes that are not JSON. */
export interface ApiResult {
  status?: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

/** {success:true,message,data}; data is omitted when undefined, as gin does. */
export function ok(data?: unknown, message = ''): ApiResult {
  return { body: data === undefined ? { success: true, message } : { success: true, message, data } };
}

export function fail(message: string, status = 200): ApiResult {
  return { status, body: { success: false, message } };
}

/** Thrown from anywhere in a handler to answer {success:false,message} with the given status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status = 200,
  ) {
    super(message);
  }
}
