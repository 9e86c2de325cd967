import type { RelayFailure } from '../format-contracts.js';
import type { ChatContentPart, ChatMessage } from '../openai/chat-types.js';
import type { GeminiPart } from './gemini-request-schema.js';

/** An image (or other file) the relay downloaded before converting: new-api fetches URLs, a pure converter cannot. */
export interface FetchedMedia {
  mimeType: string;
  /** base64 */
  data: string;
}

export interface MediaOptions {
  /** already-fetched media by URL; a URL not in it is sent as fileData for Google to fetch */
  images?: ReadonlyMap<string, FetchedMedia>;
  /** GEMINI_VISION_MAX_IMAGE_NUM: images allowed per message, -1 for no limit (default 16) */
  maxImagesPerMessage?: number;
}

/** The MIME types new-api lets through for fetched media. */
const GEMINI_MIME_TYPES: ReadonlySet<string> = new Set([
  'application/pdf', 'audio/mpeg', 'audio/mp3', 'audio/wav', 'image/png', 'image/jpeg', 'image/webp', 'text/plain',
  'video/mov', 'video/mpeg', 'video/mp4', 'video/mpg', 'video/avi', 'video/wmv', 'video/mpegps', 'video/flv',
]);

/** A URL's MIME type guessed from its extension, for fileData (Google wants one; an unknown one is left out). */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', heic: 'image/heic', heif: 'image/heif',
  pdf: 'application/pdf', txt: 'text/plain', mp3: 'audio/mp3', wav: 'audio/wav', mp4: 'video/mp4', mov: 'video/mov',
};

const DATA_URL = /^data:([^;,]+)(?:;[^;,]*)*;base64,(.*)$/s;

export const invalidRequest = (message: string): RelayFailure => ({ status: 400, message, type: 'invalid_request_error', code: 'invalid_request' });

export type PartsResult = { ok: true; parts: GeminiPart[] } | { ok: false; failure: RelayFailure };

/** A chat message's content as Gemini parts: text, images (inline, fetched or by URL), audio and base64 files. */
export function contentToGeminiParts(content: ChatMessage['content'], opts: MediaOptions): PartsResult {
  if (typeof content === 'string') return { ok: true, parts: content ? [{ text: content }] : [] };
  const parts: GeminiPart[] = [];
  const maxImages = opts.maxImagesPerMessage ?? 16;
  let images = 0;
  for (const part of content ?? []) {
    if (part.type === 'image_url' && maxImages !== -1 && ++images > maxImages) {
      return { ok: false, failure: invalidRequest(`too many images in the message, max allowed is ${maxImages}`) };
    }
    const converted = convertPart(part, opts);
    if ('failure' in converted) return { ok: false, failure: converted.failure };
    if (converted.part) parts.push(converted.part);
  }
  return { ok: true, parts };
}

function convertPart(part: ChatContentPart, opts: MediaOptions): { part: GeminiPart | null } | { failure: RelayFailure } {
  switch (part.type) {
    case 'text':
      return { part: part.text ? { text: part.text } : null };
    case 'input_audio':
      return { part: { inlineData: { mimeType: `audio/${part.input_audio.format}`, data: part.input_audio.data } } };
    case 'file': {
      const inline = part.file.file_data ? DATA_URL.exec(part.file.file_data) : null;
      if (!inline) return { failure: invalidRequest('only base64 file is supported in gemini') };
      return { part: { inlineData: { mimeType: inline[1]!, data: inline[2]! } } };
    }
    case 'image_url':
      return imagePart(part.image_url.url, opts);
    default:
      return { part: null };
  }
}

function imagePart(url: string, opts: MediaOptions): { part: GeminiPart } | { failure: RelayFailure } {
  if (url.startsWith('data:')) {
    const inline = DATA_URL.exec(url);
    if (!inline) return { failure: invalidRequest('decode base64 image data failed: not a base64 data URL') };
    return { part: { inlineData: { mimeType: inline[1]!, data: inline[2]! } } };
  }
  const fetched = opts.images?.get(url);
  if (fetched) {
    if (!GEMINI_MIME_TYPES.has(fetched.mimeType.toLowerCase())) {
      return { failure: invalidRequest(`mime type is not supported by Gemini: '${fetched.mimeType}', url: '${url}', supported types are: ${[...GEMINI_MIME_TYPES].join(', ')}`) };
    }
    return { part: { inlineData: { mimeType: fetched.mimeType, data: fetched.data } } };
  }
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  const mimeType = ext ? BY_EXTENSION[ext] : undefined;
  return { part: { fileData: mimeType ? { mimeType, fileUri: url } : { fileUri: url } } };
}
