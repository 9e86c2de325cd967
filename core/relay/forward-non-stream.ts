import type { CompleteAnswer } from '../formats/format-contracts.js';
import type { Exchange } from '../http/exchange.js';
import type { UpstreamResponse } from '../upstream/upstream-client.js';
import { readCapped } from '../upstream/read-capped.js';
import { transportFailure } from './transport-failure.js';

const MAX_RESPONSE = 64 * 1024 * 1024;

/** Reads a complete upstream answer, turns it into the client's body (`answer`) and sends it. */
export async function forwardNonStream(ex: Exchange, res: UpstreamResponse, answer: (buf: Buffer, contentType: string) => CompleteAnswer): Promise<CompleteAnswer> {
  let buf: Buffer;
  try {
    buf = await readCapped(res.body, MAX_RESPONSE);
  } catch (e) {
    throw transportFailure(e, 'response');
  }
  const contentType = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : 'application/json';
  const out = answer(buf, contentType);
  ex.send(200, out.body, { 'Content-Type': out.contentType });
  return out;
}
