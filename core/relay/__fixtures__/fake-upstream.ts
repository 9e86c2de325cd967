import type { UpstreamClient, UpstreamRequest } from '../../upstream/upstream-client.js';
import { UpstreamBody } from '../../upstream/upstream-body.js';

/** An upstream that answers every request with `body`, in reads of `readSize` bytes, and records the request. */
export function fakeUpstream(body: string, readSize = 17, contentType = 'application/json'): { client: UpstreamClient; sent: UpstreamRequest[] } {
  const sent: UpstreamRequest[] = [];
  const client = {
    send(r: UpstreamRequest) {
      sent.push(r);
      const controller = { paused: false, pause() {}, resume() {}, abort() {} };
      const stream = new UpstreamBody(controller as unknown as ConstructorParameters<typeof UpstreamBody>[0]);
      const bytes = Buffer.from(body);
      setImmediate(() => {
        for (let i = 0; i < bytes.length; i += readSize) stream.push(bytes.subarray(i, i + readSize));
        stream.end();
      });
      return { response: Promise.resolve({ status: 200, headers: { 'content-type': contentType }, body: stream }), abort() {} };
    },
  };
  return { client: client as unknown as UpstreamClient, sent };
}
