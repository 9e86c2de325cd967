import type { Converted } from '../../formats/format-contracts.js';
import type { UpstreamClient, UpstreamResponse } from '../../upstream/upstream-client.js';
import { readCapped } from '../../upstream/read-capped.js';
import { upstreamFailure } from '../hub-adapter.js';

const FETCH_TIMEOUT_MS = 30_000;
const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

/**
 * One output image as base64 (a client that asked for b64_json), fetched through the relay's upstream
 * client: the outbound policy checks the output's address as it checks a channel's.
 */
export async function fetchImageBase64(upstream: UpstreamClient, url: string): Promise<Converted<string>> {
  const sent = upstream.send({ url, method: 'GET', headers: { accept: 'image/*' }, firstByteTimeoutMs: FETCH_TIMEOUT_MS, idleTimeoutMs: FETCH_TIMEOUT_MS });
  let res: UpstreamResponse;
  try {
    res = await sent.response;
  } catch {
    return { ok: false, failure: upstreamFailure('failed to download the prediction output image', 'bad_response', 502) };
  }
  if (res.status !== 200) {
    res.body.destroy();
    return { ok: false, failure: upstreamFailure(`failed to download the prediction output image: status ${res.status}`, 'bad_response', 502) };
  }
  try {
    return { ok: true, value: (await readCapped(res.body, MAX_IMAGE_BYTES)).toString('base64') };
  } catch {
    return { ok: false, failure: upstreamFailure('failed to read the prediction output image', 'bad_response', 502) };
  }
}
