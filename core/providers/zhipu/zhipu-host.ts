import { prefixedHost } from '../openai-host.js';
import type { OpenAiHost } from '../provider.js';
import { zhipuToken } from './zhipu-token.js';

/**
 * Zhipu GLM-4 (type 26): OpenAI-compatible under /api/paas/v4, with a JWT signed from the `id.secret` key as the
 * Bearer token; a key of another shape is sent as it is (Zhipu also accepts the plain API key).
 */
export const ZHIPU_V4_HOST: OpenAiHost = {
  ...prefixedHost('/api/paas/v4'),
  headers: (_ch, key) => ({ authorization: `Bearer ${zhipuToken(key) ?? key}` }),
};
