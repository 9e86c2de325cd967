import { describe, expect, it } from 'vitest';
import { classifyFailure, refusesCredentials, type FailureBlame } from './classify-failure.js';
import { localError, RelayError } from './relay-error.js';
import { transportFailure } from './transport-failure.js';
import { upstreamError } from './upstream-error.js';

const body = (message: string, code = '', type = 'invalid_request_error') => JSON.stringify({ error: { message, type, code } });

describe('classifyFailure', () => {
  it.each<[string, RelayError, FailureBlame]>([
    // the upstream or its channel key
    ['500', upstreamError(500, body('The server had an error', '', 'server_error')), 'upstream'],
    ['502 html', upstreamError(502, '<html>bad gateway</html>'), 'upstream'],
    ['503', upstreamError(503, '{}'), 'upstream'],
    ['429 rate limit', upstreamError(429, body('Rate limit reached for requests', 'rate_limit_exceeded')), 'upstream'],
    ['429 quota', upstreamError(429, body('You exceeded your current quota', 'insufficient_quota')), 'upstream'],
    ['401 bad key', upstreamError(401, body('Incorrect API key provided', 'invalid_api_key')), 'upstream'],
    ['403 region', upstreamError(403, body('Country, region, or territory not supported', 'unsupported_country_region_territory')), 'upstream'],
    ['404 unknown model', upstreamError(404, body('The model `x` does not exist', 'model_not_found')), 'upstream'],
    ['408', upstreamError(408, '{}'), 'upstream'],
    ['error inside a 200 (429 in body)', upstreamError(500, body('Rate limit exceeded', '429', 'rate_limit')), 'upstream'],
    ['connection refused', transportFailure(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), 'connect'), 'upstream'],
    ['first byte timeout', transportFailure(Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' }), 'connect'), 'upstream'],
    ['stream idle', transportFailure(Object.assign(new Error('x'), { code: 'UND_ERR_BODY_TIMEOUT' }), 'stream'), 'upstream'],
    ['empty stream', new RelayError(502, 'upstream returned an empty stream', { code: 'empty_response', local: false }), 'upstream'],
    // the client's own request
    ['400', upstreamError(400, body("Invalid value for 'temperature'", 'invalid_value')), 'client'],
    ['400 non-JSON', upstreamError(400, 'bad request'), 'client'],
    ['413', upstreamError(413, '{}'), 'client'],
    ['422', upstreamError(422, body('unprocessable')), 'client'],
    ['400 context length', upstreamError(400, body("This model's maximum context length is 8192 tokens", 'context_length_exceeded')), 'client'],
    ['500 context length (code only)', upstreamError(500, body('error', 'context_length_exceeded')), 'client'],
    ['500 prompt too long (Anthropic wording)', upstreamError(500, body('prompt is too long: 200001 tokens > 200000 maximum')), 'client'],
    ['400 Gemini token limit', upstreamError(400, body('The input token count (40000) exceeds the maximum number of tokens allowed (32768).')), 'client'],
    ['429 request too large', upstreamError(429, body('Request too large for gpt-4o on tokens per min (TPM): Limit 30000, Requested 50000.', 'rate_limit_exceeded')), 'client'],
    ['403 content policy', upstreamError(403, body('Your request was rejected as a result of our safety system.', 'content_policy_violation')), 'client'],
    ['400 Azure content filter', upstreamError(400, body("The response was filtered due to the prompt triggering Azure OpenAI's content management policy.", 'content_filter')), 'client'],
    ['500 sensitive words', upstreamError(500, JSON.stringify({ msg: '输入内容包含敏感词' })), 'client'],
    ['error inside a 200 (content policy)', upstreamError(500, body('flagged', 'content_policy_violation')), 'client'],
    ['400 max_tokens too large', upstreamError(400, body('max_tokens is too large: 100000. This model supports at most 16384 completion tokens')), 'client'],
    // nobody
    ['local validation', localError(400, 'field messages is required'), 'none'],
    ['client gone', new RelayError(499, 'client closed the request', { local: true }), 'none'],
  ])('%s → %s', (_name, err, want) => {
    expect(classifyFailure(err)).toBe(want);
  });
});

describe('refusesCredentials', () => {
  const BAIDU = [110, 111];
  it.each<[string, RelayError, readonly (string | number)[], boolean]>([
    ['401', upstreamError(401, body('Request had invalid authentication credentials.')), [], true],
    ['403', upstreamError(403, body('Permission denied')), [], true],
    ['429', upstreamError(429, body('slow down')), [], false],
    ['500', upstreamError(500, '{}'), BAIDU, false],
    ["Baidu's 110 inside a 200", new RelayError(500, 'Access token invalid or no longer valid', { code: 110, local: false }), BAIDU, true],
    ["Baidu's 111 inside a 200", new RelayError(500, 'Access token expired', { code: 111, local: false }), BAIDU, true],
    ['110 from a row that names no codes', new RelayError(500, 'x', { code: 110, local: false }), [], false],
    ["the gateway's own 401", localError(401, 'invalid token'), [], false],
  ])('%s → %s', (_name, err, codes, refused) => expect(refusesCredentials(err, codes)).toBe(refused));
});
