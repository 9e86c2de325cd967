import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BodyTooLargeError } from './exchange.js';
import { BadContentEncodingError, inflateBody } from './inflate-body.js';

const json = Buffer.from('{"model":"gpt-4o-mini","messages":[{"role":"user","content":"héllo"}]}');

describe('inflateBody', () => {
  it.each([
    ['no encoding', undefined, json],
    ['identity', 'identity', json],
    ['gzip', 'gzip', gzipSync(json)],
    ['gzip, any case and padding', ' GZip ', gzipSync(json)],
    ['br', 'br', brotliCompressSync(json)],
  ])('%s gives the original bytes', async (_name, encoding, body) => {
    expect((await inflateBody(body, encoding, 1024)).equals(json)).toBe(true);
  });

  it.each([
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
  ] as const)('refuses %s that inflates past the limit (a bomb) as too large', async (encoding, compress) => {
    const bomb = compress(Buffer.alloc(8 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(inflateBody(bomb, encoding, 1024 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it.each([
    ['bytes that are not gzip', 'gzip', json, /not valid gzip/],
    ['bytes that are not brotli', 'br', Buffer.from([0xff, 0xff, 0xff, 0xff]), /not valid br/],
    ['a truncated gzip stream', 'gzip', gzipSync(json).subarray(0, 20), /not valid gzip/],
    ['an encoding the relay does not decode', 'deflate', deflateSync(json), /unsupported Content-Encoding: deflate/],
  ])('refuses %s', async (_name, encoding, body, message) => {
    const error = await inflateBody(body, encoding, 1024).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadContentEncodingError);
    expect((error as Error).message).toMatch(message);
  });
});
