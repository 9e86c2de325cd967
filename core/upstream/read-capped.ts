/**
 * Reads an upstream body into memory up to a cap; past it the body is destroyed and an error thrown. A body that
 * can gather itself (UpstreamBody.readAll) does, without a promise per chunk.
 */
export function readCapped(body: AsyncIterable<Buffer> & { destroy(err?: Error): void; readAll?(cap: number): Promise<Buffer> }, cap: number): Promise<Buffer> {
  return body.readAll ? body.readAll(cap) : readIterated(body, cap);
}

async function readIterated(body: AsyncIterable<Buffer> & { destroy(err?: Error): void }, cap: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > cap) {
      body.destroy();
      throw new Error(`upstream response larger than ${cap} bytes`);
    }
    parts.push(chunk);
  }
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
}
