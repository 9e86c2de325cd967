import type { HttpResponse } from 'uWebSockets.js';

/**
 * Collects a request body. uWS hands out ArrayBuffers that are invalid once the
 * callback returns, so each chunk is copied. The caller must already have
 * registered onAborted (uWS requires it before any asynchronous work).
 */
export function readBody(
  res: HttpResponse,
  maxBytes: number,
  onBody: (body: Buffer) => void,
  onTooLarge: () => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  res.onData((chunk, isLast) => {
    if (tooLarge) return;
    size += chunk.byteLength;
    if (size > maxBytes) {
      tooLarge = true;
      onTooLarge();
      return;
    }
    chunks.push(Buffer.from(new Uint8Array(chunk)));
    if (isLast) onBody(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks));
  });
}
