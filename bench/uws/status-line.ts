import { STATUS_CODES } from 'node:http';

/** uWS wants the whole status line ("404 Not Found"), not just the code. */
export function statusLine(code: number): string {
  return `${code} ${STATUS_CODES[code] ?? 'Unknown'}`;
}
