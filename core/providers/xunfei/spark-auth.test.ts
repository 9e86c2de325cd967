import { describe, expect, it } from 'vitest';
import { sparkAuthorization, sparkAuthUrl, sparkSignature, sparkSignedText } from './spark-auth.js';

// Xunfei's published example (general_url_authentication): APISecret, APIKey, host, date and request line, whose
// signature Xunfei gives as z5gHdu3p…; recomputed by hand with
// `printf '%s' "$TEXT" | openssl dgst -sha256 -hmac "$SECRET" -binary | base64`.
const SECRET = 'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi';
const KEY = 'addd2272b6d8b7c8abdd79531420ca3b';
const DATE = 'Fri, 05 May 2023 10:43:39 GMT';
const SIGNATURE = 'z5gHdu3pxVV4ADMyk467wOWDQ9q6BQzR3nfMTjc/DaQ=';
// base64 of `hmac username="addd…", algorithm="hmac-sha256", headers="host date request-line", signature="z5gH…"` (coreutils base64)
const AUTHORIZATION =
  'aG1hYyB1c2VybmFtZT0iYWRkZDIyNzJiNmQ4YjdjOGFiZGQ3OTUzMTQyMGNhM2IiLCBhbGdvcml0aG09ImhtYWMtc2hhMjU2IiwgaGVhZGVycz0iaG9zdCBkYXRlIHJlcXVlc3QtbGluZSIsIHNpZ25hdHVyZT0iejVnSGR1M3B4VlY0QURNeWs0Njd3T1dEUTlxNkJRelIzbmZNVGpjL0RhUT0i';

describe('Spark URL authentication', () => {
  it('signs host, date and request line as Xunfei documents', () => {
    const text = sparkSignedText('spark-api.xf-yun.com', DATE, '/v1.1/chat');
    expect(text).toBe('host: spark-api.xf-yun.com\ndate: Fri, 05 May 2023 10:43:39 GMT\nGET /v1.1/chat HTTP/1.1');
    expect(sparkSignature(SECRET, text)).toBe(SIGNATURE);
    expect(sparkAuthorization(KEY, SIGNATURE)).toBe(AUTHORIZATION);
  });

  it('puts authorization, date and host in the query, form-encoded', () => {
    const url = sparkAuthUrl('wss://spark-api.xf-yun.com/v1.1/chat', KEY, SECRET, new Date(DATE));
    expect(url).toBe(`wss://spark-api.xf-yun.com/v1.1/chat?authorization=${encodeURIComponent(AUTHORIZATION)}&date=Fri%2C+05+May+2023+10%3A43%3A39+GMT&host=spark-api.xf-yun.com`);
  });

  it.each([
    ['a port is part of the signed host', 'ws://127.0.0.1:8080/v3.5/chat', 'host: 127.0.0.1:8080\ndate: Fri, 05 May 2023 10:43:39 GMT\nGET /v3.5/chat HTTP/1.1'],
    ['a named endpoint signs its path', 'wss://spark-api.xf-yun.com/chat/pro-128k', 'host: spark-api.xf-yun.com\ndate: Fri, 05 May 2023 10:43:39 GMT\nGET /chat/pro-128k HTTP/1.1'],
  ])('%s', (_name, endpoint, signed) => {
    const q = new URL(sparkAuthUrl(endpoint, KEY, SECRET, new Date(DATE))).searchParams;
    expect(q.get('host')).toBe(new URL(endpoint).host);
    const line = Buffer.from(q.get('authorization')!, 'base64').toString('utf8');
    expect(line).toContain(`signature="${sparkSignature(SECRET, signed)}"`);
  });

  it('a different secret or date gives another signature', () => {
    const text = sparkSignedText('spark-api.xf-yun.com', DATE, '/v1.1/chat');
    expect(sparkSignature(`${SECRET}x`, text)).not.toBe(SIGNATURE);
    expect(sparkSignature(SECRET, text.replace('39 GMT', '40 GMT'))).not.toBe(SIGNATURE);
  });
});
