import { describe, expect, it } from 'vitest';
import type { UpstreamClient, UpstreamRequest } from '../upstream/upstream-client.js';
import { fetchTokenJson } from './token-fetch.js';

/** An upstream that answers `status` with `text`, or fails to connect when `status` is null. */
function answering(status: number | null, text = '') {
  const sent: UpstreamRequest[] = [];
  const client = {
    send(r: UpstreamRequest) {
      sent.push(r);
      const body = { destroy() {}, async *[Symbol.asyncIterator]() { if (text) yield Buffer.from(text); } };
      const response = status === null ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' })) : Promise.resolve({ status, headers: {}, body });
      return { response, abort() {} };
    },
  };
  return { client: client as unknown as UpstreamClient, sent };
}

const REQ = { url: 'http://127.0.0.1:9/token', method: 'POST', body: 'grant_type=x' } as const;

describe('fetchTokenJson', () => {
  it('resolves to the JSON of a 200, sending the request through the upstream client', async () => {
    const up = answering(200, '{"access_token":"t","expires_in":60}');
    expect(await fetchTokenJson(up.client, REQ)).toEqual({ access_token: 't', expires_in: 60 });
    expect(up.sent[0]).toMatchObject({ url: REQ.url, method: 'POST', body: 'grant_type=x', headers: {} });
  });

  it.each([
    [400, '{"error":"invalid_grant","error_description":"Invalid JWT Signature."}', 'token endpoint answered 400: Invalid JWT Signature.'],
    [401, '{"error":"invalid_client"}', 'token endpoint answered 401: invalid_client'],
    [500, '<html>oops</html>', 'token endpoint answered 500: <html>oops</html>'],
    [200, 'not json', 'token endpoint answered 200: not json'],
    [503, '', 'token endpoint answered 503: empty body'],
  ])('refuses a %i answer %j with the endpoint’s own words', async (status, text, message) => {
    await expect(fetchTokenJson(answering(status, text).client, REQ)).rejects.toThrow(message);
  });

  it('words every connection failure the same, keeping the cause for the log', async () => {
    const failure = fetchTokenJson(answering(null).client, REQ);
    await expect(failure).rejects.toThrow(/^token endpoint request failed$/);
    await expect(failure).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
  });
});
