// MokaAI's M3E embeddings (POST /embeddings, OpenAI's shape) for the gateway's integration tests.
import { DEFAULT_PROMPT_TOKENS, isRecord } from './mock/mock-directives.js';
import type { Endpoint } from './mock/mock-request.js';
import { embeddingVector } from './mock/openai-shapes.js';

export const mokaEmbeddings: Endpoint = (exchange, request) => {
  if (!/^Bearer \S+$/.test(request.credential.value)) return exchange.json(401, { error: { message: 'invalid api key', code: 'unauthorized' } });
  const body = isRecord(request.body) ? request.body : {};
  if (!Array.isArray(body.input) || !body.input.every((s) => typeof s === 'string')) return exchange.json(400, { error: { message: 'input must be a list of strings', code: 'invalid_input' } });
  const data = body.input.map((_s, index) => ({ object: 'embedding', index, embedding: embeddingVector(index) }));
  exchange.json(200, { object: 'list', data, model: body.model, usage: { prompt_tokens: DEFAULT_PROMPT_TOKENS, total_tokens: DEFAULT_PROMPT_TOKENS } });
};
