import type { Env } from '../config/env.js';
import type { RelayFailure } from '../formats/format-contracts.js';
import type { FetchedMedia } from '../formats/gemini/openai-content-to-gemini-parts.js';
import type { Dialect } from '../providers/provider.js';
import { providerOf } from '../providers/registry.js';
import { fetchUserUrl, UserUrlError, type FetchedFile } from '../upstream/fetch-user-url.js';
import { sharedOutboundDispatcher, userUrlPolicy } from '../upstream/outbound-policy.js';
import { localError } from './relay-error.js';
import type { RelayRequest } from './relay-request.js';
import { isRecord } from '../contracts/is-record.js';

export type { FetchedMedia } from '../formats/gemini/openai-content-to-gemini-parts.js';

/** Image (and document) URLs by the base64 the gateway fetched for them. */
export type InlinedImages = ReadonlyMap<string, FetchedMedia>;

const HTTP_URL = /^https?:\/\//i;
const MIB = 1024 * 1024;
/** new-api fetches images with its impatient client: 5 s for the whole download (spec relay.md §6). */
const FETCH_TIMEOUT_MS = 5_000;
/** downloads of one request in flight at once */
const PARALLEL = 4;

type Block = Record<string, unknown>;

/**
 * The http(s) URLs the gateway must fetch before this channel can take the request, or null when it takes it
 * as it is (no await then: only requests to such targets with such URLs pay for a fetch).
 *  - Gemini reads no http(s) image URL (only gs:// and its File API as fileData): new-api inlines every one.
 *  - Anthropic's own API fetches a `url` source itself, so a first-party Claude channel keeps it; Bedrock and
 *    Vertex refuse URL sources (only base64), so their rows ask for the fetch (claudeWithoutUrlSources), for
 *    a request converted to Claude and for a Claude client's own body alike (new-api's ConvertURLSourcesToBase64).
 * A Gemini client's own fileData parts go through untouched, as new-api passes them.
 */
export function urlsToInline(req: RelayRequest, channelType: number, dialect: Dialect, native: boolean): string[] | null {
  if (req.kind !== 'chat') return null;
  let urls: string[];
  if (dialect === 'gemini' && !native) urls = chatImageUrls(req.hub());
  else if (dialect === 'claude' && providerOf(channelType).claudeWithoutUrlSources) urls = native ? claudeUrlSources(req.body.messages) : chatImageUrls(req.hub());
  else return null;
  return urls.length ? urls : null;
}

/** The distinct http(s) `image_url`s of a chat request's messages. */
export function chatImageUrls(chat: Record<string, unknown> | null): string[] {
  const urls = new Set<string>();
  const messages = chat?.messages;
  if (!Array.isArray(messages)) return [];
  for (const m of messages) {
    const content = isRecord(m) ? m.content : null;
    if (!Array.isArray(content)) continue;
    for (const part of content) {
      if (!isRecord(part) || part.type !== 'image_url' || !isRecord(part.image_url)) continue;
      const url = part.image_url.url;
      if (typeof url === 'string' && HTTP_URL.test(url)) urls.add(url);
    }
  }
  return [...urls];
}

/** The distinct http(s) `url` sources of Claude image and document blocks, tool results' included. */
export function claudeUrlSources(messages: unknown): string[] {
  const urls = new Set<string>();
  const visit = (blocks: unknown): void => {
    if (!Array.isArray(blocks)) return;
    for (const b of blocks) {
      if (!isRecord(b)) continue;
      if (b.type === 'tool_result') visit(b.content);
      const url = urlSourceOf(b);
      if (url) urls.add(url);
    }
  };
  if (Array.isArray(messages)) for (const m of messages) if (isRecord(m)) visit(m.content);
  return [...urls];
}

function urlSourceOf(b: Block): string | null {
  if (b.type !== 'image' && b.type !== 'document') return null;
  const source = b.source;
  return isRecord(source) && source.type === 'url' && typeof source.url === 'string' && HTTP_URL.test(source.url) ? source.url : null;
}

/** The media types Claude takes in an image block. */
const CLAUDE_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/**
 * Claude messages with every fetched `url` source of an image or document block turned into a base64 one.
 * Pure: changed messages and blocks are new objects, the rest shared. An image of a type Claude does not
 * read is the client's 400 here, rather than the cloud's after a round trip.
 */
export function inlineClaudeSources(messages: unknown, images: InlinedImages): { ok: true; messages: unknown } | { ok: false; failure: RelayFailure } {
  if (!Array.isArray(messages)) return { ok: true, messages };
  let failure: RelayFailure | null = null;
  const blocks = (list: unknown): unknown => {
    if (!Array.isArray(list)) return list;
    let out: unknown[] | null = null;
    list.forEach((b, i) => {
      if (!isRecord(b) || failure) return;
      let next: Block | null = null;
      if (b.type === 'tool_result' && Array.isArray(b.content)) {
        const content = blocks(b.content);
        if (content !== b.content) next = Object.assign({}, b, { content });
      }
      const url = urlSourceOf(b);
      const media = url ? images.get(url) : undefined;
      if (url && media) {
        if (b.type === 'image' && !CLAUDE_IMAGE_TYPES.has(media.mimeType)) {
          failure = unsupportedMedia(`mime type is not supported by Claude: '${media.mimeType}', url: '${url}', supported types are: ${[...CLAUDE_IMAGE_TYPES].join(', ')}`);
          return;
        }
        next = Object.assign({}, b, { source: { type: 'base64', media_type: media.mimeType, data: media.data } });
      }
      if (next) (out ??= list.slice())[i] = next;
    });
    return out ?? list;
  };
  const out = messages.map((m: unknown) => {
    if (!isRecord(m)) return m;
    const content = blocks(m.content);
    return content === m.content ? m : Object.assign({}, m, { content });
  });
  return failure ? { ok: false, failure } : { ok: true, messages: out };
}

const unsupportedMedia = (message: string): RelayFailure => ({ status: 400, message, type: 'invalid_request_error', code: 'invalid_request' });

/** Reads one user URL for inlining. */
export type FetchFile = (url: string) => Promise<FetchedFile>;

/** The gateway's fetcher: the user-url outbound policy (USER_URL_ALLOW_PRIVATE), MAX_FILE_DOWNLOAD_MB and 5 s. */
export function userFileFetcher(env: Pick<Env, 'USER_URL_ALLOW_PRIVATE' | 'MAX_FILE_DOWNLOAD_MB'>): FetchFile {
  const dispatcher = sharedOutboundDispatcher(userUrlPolicy(env));
  return (url) => fetchUserUrl(url, { dispatcher, maxBytes: env.MAX_FILE_DOWNLOAD_MB * MIB, timeoutMs: FETCH_TIMEOUT_MS });
}

// Fetches of a request by URL, so a retry on another channel (or one needing a few more URLs) fetches nothing twice.
const fetched = new WeakMap<RelayRequest, { files: Map<string, Promise<FetchedMedia>>; bytes: number }>();

/**
 * Fetches the URLs (PARALLEL at a time, each once per request) as base64 with their media types. A URL refused
 * by the outbound policy, or failing, is the client's 400 (local: never retried, nothing charged) naming the URL
 * and why. All files of a request together stay within `totalBytes` (MAX_REQUEST_BODY_MB: the inlined body is
 * one the gateway would have taken from the client).
 */
export async function inlineImages(req: RelayRequest, urls: readonly string[], fetchFile: FetchFile, totalBytes: number): Promise<InlinedImages> {
  let state = fetched.get(req);
  if (!state) fetched.set(req, (state = { files: new Map(), bytes: 0 }));
  const s = state;
  const out = new Map<string, FetchedMedia>();
  let next = 0;
  let failed = false;
  const fetchOne = async (url: string): Promise<FetchedMedia> => {
    let file: FetchedFile;
    try {
      file = await fetchFile(url);
    } catch (e) {
      throw inlineError(url, e instanceof UserUrlError ? e.message : 'download failed');
    }
    s.bytes += file.bytes.length;
    if (s.bytes > totalBytes) throw inlineError(url, `the request's files exceed ${Math.floor(totalBytes / MIB)}MB in total`);
    return { mimeType: mediaTypeOf(file.contentType, file.bytes), data: file.bytes.toString('base64') };
  };
  const worker = async (): Promise<void> => {
    while (!failed && next < urls.length) {
      const url = urls[next++]!;
      let p = s.files.get(url);
      if (!p) s.files.set(url, (p = fetchOne(url)));
      try {
        out.set(url, await p);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, urls.length) }, worker));
  return out;
}

const inlineError = (url: string, reason: string) => localError(400, `get file base64 from url '${url}' failed: ${reason}`, 'convert_request_failed', 'invalid_request_error');

const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** The declared media type, or when it says nothing useful the one the first bytes show (as new-api sniffs them). */
export function mediaTypeOf(declared: string, bytes: Buffer): string {
  if (!GENERIC.has(declared)) return declared;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8) === 'WEBP') return 'image/webp';
  if (head.startsWith('%PDF-')) return 'application/pdf';
  return declared || 'application/octet-stream';
}
