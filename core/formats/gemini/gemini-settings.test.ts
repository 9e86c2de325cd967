import { describe, expect, it } from 'vitest';
import { DEFAULT_GEMINI_SETTINGS, geminiSafetySettings, geminiUpstreamPath, type GeminiAction } from './gemini-settings.js';

describe('geminiUpstreamPath', () => {
  it.each<[string, GeminiAction, string]>([
    ['gemini-2.5-flash', 'generateContent', '/v1beta/models/gemini-2.5-flash:generateContent'],
    ['gemini-2.5-flash', 'streamGenerateContent', '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse'],
    ['gemini-1.0-pro', 'generateContent', '/v1/models/gemini-1.0-pro:generateContent'],
    ['text-embedding-004', 'embedContent', '/v1beta/models/text-embedding-004:embedContent'],
    ['gemini-embedding-001', 'batchEmbedContents', '/v1beta/models/gemini-embedding-001:batchEmbedContents'],
    ['gemini-2.5-flash', 'countTokens', '/v1beta/models/gemini-2.5-flash:countTokens'],
    // a model name cannot smuggle a query or another path into the URL
    ['x?key=leak#y', 'generateContent', '/v1beta/models/x%3Fkey%3Dleak%23y:generateContent'],
  ])('%s %s → %s', (model, action, path) => {
    expect(geminiUpstreamPath(model, action, DEFAULT_GEMINI_SETTINGS)).toBe(path);
  });

  it('takes the version from gemini.version_settings', () => {
    const settings = { ...DEFAULT_GEMINI_SETTINGS, versionSettings: { default: 'v1alpha', 'gemini-x': 'v1' } };
    expect(geminiUpstreamPath('gemini-y', 'generateContent', settings)).toBe('/v1alpha/models/gemini-y:generateContent');
    expect(geminiUpstreamPath('gemini-x', 'generateContent', settings)).toBe('/v1/models/gemini-x:generateContent');
  });
});

describe('geminiSafetySettings', () => {
  it('sets every category OFF by default, civic integrity BLOCK_NONE', () => {
    expect(geminiSafetySettings(DEFAULT_GEMINI_SETTINGS)).toEqual([
      { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_CIVIC_INTEGRITY', threshold: 'BLOCK_NONE' },
    ]);
  });

  it('reads a category from gemini.safety_settings, else its default', () => {
    const settings = { ...DEFAULT_GEMINI_SETTINGS, safetySettings: { default: 'BLOCK_ONLY_HIGH', HARM_CATEGORY_HATE_SPEECH: 'BLOCK_NONE' } };
    expect(geminiSafetySettings(settings).map((s) => s.threshold)).toEqual(['BLOCK_ONLY_HIGH', 'BLOCK_NONE', 'BLOCK_ONLY_HIGH', 'BLOCK_ONLY_HIGH', 'BLOCK_ONLY_HIGH']);
  });
});
