/**
 * A Claude Messages body as the clouds that host Claude take it (Vertex rawPredict, Bedrock invoke): the model
 * travels in the URL, so it leaves the body, and the API version goes in the body instead of a header.
 * Bedrock's invoke has no `stream` member either (the stream is its own path).
 */
export function cloudClaudeBody(body: string | Buffer, anthropicVersion: string, keepStream: boolean): string {
  const parsed = JSON.parse(typeof body === 'string' ? body : body.toString('utf8')) as Record<string, unknown>;
  const { model: _model, stream, ...rest } = parsed;
  return JSON.stringify({ anthropic_version: anthropicVersion, ...rest, ...(keepStream && stream !== undefined ? { stream } : {}) });
}

/** The built call's headers without the dialect's own credentials, which the cloud's signature replaces. */
export function withoutHeaders(headers: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!names.includes(name.toLowerCase())) out[name] = value;
  return out;
}
