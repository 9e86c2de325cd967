import { STATUS_CODES } from 'node:http';

const cache = new Map<number, string>();

/** uWS wants the full status line ("200 OK"); build each one once. */
export function statusLine(status: number): string {
  let line = cache.get(status);
  if (!line) {
    line = `${status} ${STATUS_CODES[status] ?? 'Unknown'}`;
    cache.set(status, line);
  }
  return line;
}
