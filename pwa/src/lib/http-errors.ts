/** The server answered `success:false`; `message` is the server's text, shown verbatim. */
export class BusinessError extends Error {
  override readonly name = 'BusinessError';
}

/** A non-2xx HTTP status. `handled` = the global handler already told the user. */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  constructor(
    readonly status: number,
    message: string,
    readonly handled: boolean,
  ) {
    super(message);
  }
}

/** The request never reached the server (offline, DNS, connection refused). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** True when the global HTTP handling has already told the user about this error. */
export function isHandledError(error: unknown): boolean {
  return error instanceof HttpStatusError && error.handled;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
