import type { HttpRequest, HttpResponse } from 'uWebSockets.js';

export interface RequestSnapshot {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  params: string[];
  remoteIp: string;
}

const decoder = new TextDecoder();

/** uWS invalidates HttpRequest after the first await, so everything a handler needs is copied here. */
export function snapshotRequest(req: HttpRequest, res: HttpResponse, paramCount = 0): RequestSnapshot {
  const headers: Record<string, string> = {};
  req.forEach((k, v) => {
    headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`;
  });
  const params: string[] = [];
  for (let i = 0; i < paramCount; i++) params.push(decodeURIComponentSafe(req.getParameter(i) ?? ''));
  let remoteIp: string | undefined;
  return {
    method: req.getCaseSensitiveMethod().toUpperCase(),
    path: req.getUrl(),
    query: req.getQuery() ?? '',
    headers,
    params,
    // Read on first use: uWS builds an ArrayBuffer for it (~3 µs), and most relayed requests never ask
    // (only tokens with an IP allow-list, rate limits and logins do). HttpResponse, unlike HttpRequest,
    // stays valid across awaits until the response ends or aborts; after that the address is unknown.
    get remoteIp(): string {
      remoteIp ??= readRemoteIp(res);
      return remoteIp;
    },
  };
}

function readRemoteIp(res: HttpResponse): string {
  try {
    return decoder.decode(res.getRemoteAddressAsText());
  } catch {
    return '';
  }
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
