import { describe, expect, it } from 'vitest';
import { geminiModelNotFound, geminiModelsList } from './gemini-models-list.js';

describe('geminiModelsList', () => {
  it('renders each model once as Google model resources, with the methods the gateway serves', () => {
    expect(geminiModelsList(['gemini-2.5-flash', 'models/gemini-2.5-flash', 'text-embedding-004'])).toEqual({
      models: [
        { name: 'models/gemini-2.5-flash', baseModelId: 'gemini-2.5-flash', version: '001', displayName: 'gemini-2.5-flash', supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'] },
        { name: 'models/text-embedding-004', baseModelId: 'text-embedding-004', version: '001', displayName: 'text-embedding-004', supportedGenerationMethods: ['embedContent', 'batchEmbedContents'] },
      ],
    });
  });

  it('says a model is not found as Google does', () => {
    expect(geminiModelNotFound('models/nope')).toEqual({
      status: 404,
      message: 'models/nope is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.',
      type: 'NOT_FOUND',
      code: 404,
    });
  });
});
