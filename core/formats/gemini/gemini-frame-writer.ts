/**
 * How a Gemini client reads a stream. With `?alt=sse` each GenerateContentResponse is one SSE event framed as
 * Google frames it (`data: {…}` and CRLF CRLF). Without it the answer is one JSON array written as it grows:
 * `[{…}`, then `,\r\n{…}` per response, then `]`; an array is always closed, even when empty.
 */
export class GeminiFrameWriter {
  private opened = false;
  private done = false;

  constructor(private readonly sse: boolean) {}

  get closed(): boolean {
    return this.done;
  }

  /** One response (already serialised) as the next frame; nothing once closed. */
  frame(json: string): string {
    if (this.done) return '';
    if (this.sse) return `data: ${json}\r\n\r\n`;
    const lead = this.opened ? ',\r\n' : '[';
    this.opened = true;
    return lead + json;
  }

  /** The end of the stream: `]` for an array (`[]` if nothing was written), nothing for SSE. */
  close(): string {
    if (this.done) return '';
    this.done = true;
    if (this.sse) return '';
    return this.opened ? ']' : '[]';
  }
}
