import { request, type Dispatcher } from 'undici';
import { OutboundRefusedError } from './outbound-policy.js';
import { readCapped } from './read-capped.js';

/** A file a user's URL pointed at, read whole. */
export interface FetchedFile {
  bytes: Buffer;
  /** the answer's Content-Type, parameters removed and lower-cased; '' when it sent none */
  contentType: string;
  /** the URL the bytes came from, after redirects */
  url: string;
}

export interface FetchUserUrlOptions {
  /** an outboundDispatcher of the user-url policy: it checks every address it connects to */
  dispatcher: Dispatcher;
  /** body cap (MAX_FILE_DOWNLOAD_MB) */
  maxBytes: number;
  /** for the whole fetch: every hop, headers and body */
  timeoutMs: number;
  /** redirects followed at most */
  maxRedirects?: number;
}

/**
 * Why a user's URL gave no file, in words fit for the user (no internal detail beyond the address refused).
 * `refused`: the outbound policy or the URL's scheme forbade it, rather than the far side failing.
 */
export class UserUrlError extends Error {
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * GETs a URL a user supplied (an image to inline) through the user-url outbound policy. Redirects are followed
 * here, by hand, so each hop is a new request whose address the dispatcher checks again (undici follows none
 * by itself); only http(s) is spoken, the body is capped and the whole fetch is timed.
 */
export async function fetchUserUrl(url: string, o: FetchUserUrlOptions): Promise<FetchedFile> {
  const signal = AbortSignal.timeout(o.timeoutMs);
  const maxRedirects = o.maxRedirects ?? MAX_REDIRECTS;
  let current = httpUrl(url);
  for (let hop = 0; ; hop++) {
    let res: Dispatcher.ResponseData;
    try {
      res = await request(current, {
        method: 'GET',
        dispatcher: o.dispatcher,
        signal,
        headersTimeout: o.timeoutMs,
        bodyTimeout: o.timeoutMs,
        // the bytes are inlined as they come: nothing here would decompress them
        headers: { accept: 'image/*,*/*;q=0.8', 'accept-encoding': 'identity' },
      });
    } catch (e) {
      throw failure(e, signal, o.timeoutMs);
    }
    if (REDIRECTS.has(res.statusCode)) {
      await res.body.dump().catch(() => undefined);
      const location = res.headers.location;
      if (typeof location !== 'string' || !location) throw new UserUrlError(`redirect (HTTP ${res.statusCode}) without a Location`);
      if (hop >= maxRedirects) throw new UserUrlError(`stopped after ${maxRedirects} redirects`);
      current = httpUrl(location, current);
      continue;
    }
    if (res.statusCode !== 200) {
      await res.body.dump().catch(() => undefined);
      throw new UserUrlError(`failed to download file, status code: ${res.statusCode}`);
    }
    const tooLarge = new UserUrlError(`file size exceeds maximum allowed size: ${megabytes(o.maxBytes)}`);
    if (Number(res.headers['content-length']) > o.maxBytes) {
      // destroyed unread: the abort it reports has no reader to go to
      res.body.on('error', () => undefined).destroy();
      throw tooLarge;
    }
    let bytes: Buffer;
    try {
      bytes = await readCapped(res.body, o.maxBytes);
    } catch (e) {
      if (signal.aborted) throw failure(e, signal, o.timeoutMs);
      if (e instanceof Error && e.message.startsWith('upstream response larger than')) throw tooLarge;
      throw failure(e, signal, o.timeoutMs);
    }
    return { bytes, contentType: mediaType(res.headers['content-type']), url: current };
  }
}

/** The URL resolved against the one it came from, when it is http(s); anything else is refused. */
function httpUrl(raw: string, base?: string): string {
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    throw new UserUrlError('invalid URL', true);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UserUrlError(`only http and https URLs are fetched, not ${u.protocol}`, true);
  return u.href;
}

/** A fetch's failure in the user's terms: the policy's refusal names the address, the rest the kind of failure. */
function failure(e: unknown, signal: AbortSignal, timeoutMs: number): UserUrlError {
  if (e instanceof UserUrlError) return e;
  const refused = refusalOf(e);
  if (refused) return new UserUrlError(`URL not allowed: ${refused.message}`, true);
  if (signal.aborted) return new UserUrlError(`download timed out after ${timeoutMs} ms`);
  const err = e as { code?: unknown; message?: unknown };
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return new UserUrlError('host not found');
  return new UserUrlError(`download failed: ${String(err.code ?? err.message ?? e)}`);
}

function refusalOf(e: unknown): OutboundRefusedError | null {
  for (let cur = e, depth = 0; cur && depth < 4; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (cur instanceof OutboundRefusedError) return cur;
  }
  return null;
}

function mediaType(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return (value ?? '').split(';')[0]!.trim().toLowerCase();
}

const megabytes = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)}MB` : `${bytes} bytes`);
