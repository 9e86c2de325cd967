import { describe, expect, it } from 'vitest';
import { redactDeep, secretRedactor } from './redact-secrets.js';

const CHANNEL_KEYS = ['plain-channel-key-0123456789', 'AKIDEXAMPLE12345|wJalrXUtnFEMI/K7MDENG|eu-1', 'short'];
const redact = secretRedactor(CHANNEL_KEYS);

describe('secretRedactor', () => {
  it.each([
    ['the exact channel key', 'invalid key plain-channel-key-0123456789 given', 'invalid key [redacted] given'],
    ['each part of a compound key', 'AccessKey AKIDEXAMPLE12345 secret wJalrXUtnFEMI/K7MDENG in eu-1', 'AccessKey [redacted] secret [redacted] in eu-1'],
    ['a Bearer header', 'received Authorization: Bearer abc.def-ghi', 'received Authorization: Bearer [redacted]'],
    ['a Basic header', 'Authorization: basic dXNlcjpwYXNz', 'Authorization: basic [redacted]'],
    ['an sk- key of any owner', 'Incorrect API key provided: sk-proj-AbCdEf123456', 'Incorrect API key provided: sk-[redacted]'],
    ['a Google key', 'key AIzaSyA1234567890abcdefghijklmnop rejected', 'key [redacted] rejected'],
    ['a key= query parameter', 'Post "https://g.example/v1/models?alt=sse&key=AbC123": dial tcp', 'Post "https://g.example/v1/models?alt=sse&key=[redacted]": dial tcp'],
    ['an api_key= parameter', 'url ?api_key=xyz987&x=1', 'url ?api_key=[redacted]&x=1'],
    ['an access_token= parameter', 'see access_token=tok123', 'see access_token=[redacted]'],
    ['an api-key header', 'header api-key: 0123abcd was refused', 'header api-key: [redacted] was refused'],
    ['a quoted x-api-key field', '{"x-api-key":"abcdef0123"}', '{"x-api-key":"[redacted]"}'],
    ['a x-goog-api-key value', 'x-goog-api-key=abc', 'x-goog-api-key=[redacted]'],
  ])('redacts %s', (_name, input, want) => {
    expect(redact(input)).toBe(want);
  });

  it.each([
    ['ordinary prose about keys', 'Invalid api-key provided. Check your key and try again.'],
    ['a too-short configured key', 'a short answer'],
    ['a monkey= word that only ends in key', 'monkey=banana'],
    ['masked keys as OpenAI prints them', 'Incorrect API key provided: sk-abc***xyz.'],
  ])('leaves %s alone', (_name, input) => {
    expect(redact(input)).toBe(input);
  });

  it('keeps JSON valid when the secret sits inside a string', () => {
    const frame = JSON.stringify({ error: { message: 'got "Bearer plain-channel-key-0123456789"\\n' } });
    expect(JSON.parse(redact(frame))).toEqual({ error: { message: 'got "Bearer [redacted]"\\n' } });
  });
});

describe('redactDeep', () => {
  it('redacts every string of an error object, nested ones and keys included', () => {
    const v = { message: 'Bearer x1', param: ['sk-AbCdEf123456'], nested: { 'plain-channel-key-0123456789': 1, n: 2 } };
    expect(redactDeep(v, redact)).toEqual({ message: 'Bearer [redacted]', param: ['sk-[redacted]'], nested: { '[redacted]': 1, n: 2 } });
  });
});
