/** Reads an upstream body into memory up to a cap; past it the body is destroyed and an error thrown. */
export async function readCapped(body: AsyncIterable<Buffer> & { destroy(err?: Error): void }, cap: number): Promise<Buffer> {
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
