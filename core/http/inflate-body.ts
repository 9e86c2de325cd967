import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { BodyTooLargeError } from './exchange.js';

const INFLATE = { gzip: promisify(gunzip), br: promisify(brotliDecompress) } as const;

export class BadContentEncodingError extends Error {}

/**
 * A request body as the client meant it: gzip and br (the encodings new-api's relay decompresses) are
 * inflated on the libuv pool, never past `limit` bytes, so a small bomb cannot grow memory past the
 * same cap as a plain body (BodyTooLargeError, 413). Identity passes through; any other encoding, or
 * bytes that do not decode, are refused.
 */
export async function inflateBody(raw: Buffer, contentEncoding: string | undefined, limit: number): Promise<Buffer> {
  const encoding = contentEncoding?.trim().toLowerCase() ?? '';
  if (encoding === '' || encoding === 'identity') return raw;
  if (encoding !== 'gzip' && encoding !== 'br') throw new BadContentEncodingError(`unsupported Content-Encoding: ${encoding}`);
  try {
    return await INFLATE[encoding](raw, { maxOutputLength: limit });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new BodyTooLargeError(limit);
    throw new BadContentEncodingError(`request body is not valid ${encoding} data`);
  }
}
