import { describe, expect, it } from 'vitest';
import { vertexClaudeModel, vertexModelUrl, vertexRegion } from './vertex-url.js';

describe('vertexRegion', () => {
  it.each([
    ['', 'gemini-2.5-pro', 'us-central1'],
    ['europe-west4', 'gemini-2.5-pro', 'europe-west4'],
    ['{"gemini-2.5-pro":"global","default":"asia-east1"}', 'gemini-2.5-pro', 'global'],
    ['{"gemini-2.5-pro":"global","default":"asia-east1"}', 'claude-3-5-sonnet-20240620', 'asia-east1'],
    ['{"gemini-2.5-pro":"global"}', 'claude-3-5-sonnet-20240620', 'us-central1'],
    ['{not json', 'm', 'us-central1'],
  ])('other %j, model %s → %s', (other, model, region) => expect(vertexRegion(other, model)).toBe(region));
});

describe('vertexClaudeModel', () => {
  it.each([
    ['claude-3-5-sonnet-20240620', 'claude-3-5-sonnet@20240620'],
    ['claude-sonnet-4-20250514', 'claude-sonnet-4@20250514'],
    ['claude-3-5-sonnet-v2@20241022', 'claude-3-5-sonnet-v2@20241022'],
  ])('%s → %s', (model, name) => expect(vertexClaudeModel(model)).toBe(name));
});

describe('vertexModelUrl', () => {
  const at = { project: 'p-1', publisher: 'google', model: 'gemini-2.5-pro', action: 'generateContent' } as const;
  it.each([
    ['', 'us-central1', 'https://us-central1-aiplatform.googleapis.com/v1/projects/p-1/locations/us-central1/publishers/google/models/gemini-2.5-pro:generateContent'],
    ['', 'global', 'https://aiplatform.googleapis.com/v1/projects/p-1/locations/global/publishers/google/models/gemini-2.5-pro:generateContent'],
    ['http://127.0.0.1:9/', 'global', 'http://127.0.0.1:9/v1/projects/p-1/locations/global/publishers/google/models/gemini-2.5-pro:generateContent'],
  ])('base %j, region %s → %s', (base, region, url) => expect(vertexModelUrl({ ...at, base, region })).toBe(url));
});
