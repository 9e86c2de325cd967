/**
 * multipart/form-data in and out, with the platform's own parser and encoder (undici's FormData, which
 * Node ships): a client's body is parsed once, and re-encoded for the upstream with the mapped model.
 */

export class MalformedMultipartError extends Error {}

/** The parts of a multipart body; throws MalformedMultipartError when it is not a readable multipart body. */
export async function parseMultipart(raw: Buffer, contentType: string | undefined): Promise<FormData> {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType.trim())) throw new MalformedMultipartError('Content-Type must be multipart/form-data');
  if (!/;\s*boundary=/i.test(contentType)) throw new MalformedMultipartError('multipart/form-data without a boundary');
  try {
    return await new Response(Uint8Array.from(raw), { headers: { 'content-type': contentType } }).formData();
  } catch (e) {
    throw new MalformedMultipartError(`malformed multipart body: ${(e as Error).message}`);
  }
}

/** The text of a field, '' when absent or a file. */
export const formText = (form: FormData, name: string): string => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

/** The files under any of these field names (`image`, `image[]`, `image[0]`… all count). */
export function formFiles(form: FormData, accepts: (name: string) => boolean): File[] {
  const files: File[] = [];
  form.forEach((value, name) => {
    if (typeof value !== 'string' && accepts(name)) files.push(value);
  });
  return files;
}

/** The same parts in the same order, `overrides` replacing the named text fields, as bytes and their Content-Type. */
export async function encodeMultipart(form: FormData, overrides: Readonly<Record<string, string>>): Promise<{ body: Buffer; contentType: string }> {
  const out = new FormData();
  const seen = new Set<string>();
  form.forEach((value, name) => {
    if (name in overrides) {
      if (!seen.has(name)) out.append(name, overrides[name]!);
      seen.add(name);
    } else if (typeof value === 'string') out.append(name, value);
    else out.append(name, value, value.name);
  });
  for (const [name, value] of Object.entries(overrides)) if (!seen.has(name)) out.append(name, value);
  const req = new Request('http://multipart.invalid/', { method: 'POST', body: out });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type') ?? 'multipart/form-data' };
}
