/**
 * The built-in model list of each channel type, as GET /api/models serves it (new-api builds the same
 * map at boot from each adaptor's ModelList). Only types new-api maps to an adaptor appear; the others
 * (Azure, the OpenAI-compatible resellers, Midjourney, Suno, knowledge bases) have no list of their own.
 * The console uses it to pre-fill a channel's models, so it only needs to be a sensible starting point.
 */
const OPENAI = [
  'gpt-3.5-turbo', 'gpt-3.5-turbo-0613', 'gpt-3.5-turbo-1106', 'gpt-3.5-turbo-0125', 'gpt-3.5-turbo-16k',
  'gpt-3.5-turbo-16k-0613', 'gpt-3.5-turbo-instruct', 'gpt-4', 'gpt-4-0613', 'gpt-4-1106-preview', 'gpt-4-0125-preview',
  'gpt-4-32k', 'gpt-4-32k-0613', 'gpt-4-turbo-preview', 'gpt-4-turbo', 'gpt-4-turbo-2024-04-09', 'gpt-4-vision-preview',
  'chatgpt-4o-latest', 'gpt-4o', 'gpt-4o-2024-05-13', 'gpt-4o-2024-08-06', 'gpt-4o-2024-11-20', 'gpt-4o-mini',
  'gpt-4o-mini-2024-07-18', 'gpt-4.5-preview', 'gpt-4.5-preview-2025-02-27', 'gpt-4.1', 'gpt-4.1-2025-04-14',
  'gpt-4.1-mini', 'gpt-4.1-mini-2025-04-14', 'gpt-4.1-nano', 'gpt-4.1-nano-2025-04-14', 'o1-preview',
  'o1-preview-2024-09-12', 'o1-mini', 'o1-mini-2024-09-12', 'o1', 'o1-2024-12-17', 'o3-mini', 'o3-mini-2025-01-31',
  'o3-mini-high', 'o3-mini-low', 'o3-mini-medium', 'o3', 'o3-2025-04-16', 'o4-mini', 'o4-mini-2025-04-16',
  'gpt-4o-audio-preview', 'gpt-4o-audio-preview-2024-10-01', 'gpt-4o-realtime-preview',
  'gpt-4o-realtime-preview-2024-10-01', 'gpt-4o-realtime-preview-2024-12-17', 'gpt-4o-mini-realtime-preview',
  'gpt-4o-mini-realtime-preview-2024-12-17', 'gpt-image-1', 'text-embedding-ada-002', 'text-embedding-3-small',
  'text-embedding-3-large', 'text-moderation-latest', 'text-moderation-stable', 'davinci-002', 'babbage-002',
  'dall-e-3', 'whisper-1', 'tts-1', 'tts-1-1106', 'tts-1-hd', 'tts-1-hd-1106',
];

const CLAUDE = [
  'claude-instant-1.2', 'claude-2', 'claude-2.0', 'claude-2.1', 'claude-3-sonnet-20240229', 'claude-3-opus-20240229',
  'claude-3-haiku-20240307', 'claude-3-5-haiku-20241022', 'claude-3-5-sonnet-20240620', 'claude-3-5-sonnet-20241022',
  'claude-3-7-sonnet-20250219', 'claude-3-7-sonnet-20250219-thinking', 'claude-sonnet-4-20250514',
  'claude-sonnet-4-20250514-thinking', 'claude-opus-4-20250514', 'claude-opus-4-20250514-thinking',
];

const GEMINI = [
  'gemini-1.5-pro-latest', 'gemini-1.5-flash-latest', 'gemini-1.5-pro', 'gemini-1.5-flash', 'gemini-2.0-flash',
  'gemini-2.0-flash-lite', 'gemini-2.0-flash-exp', 'gemini-2.0-flash-exp-image-generation',
  'gemini-2.5-pro-preview-05-06', 'gemini-2.5-flash-preview-05-20', 'gemini-2.5-flash-preview-05-20-nothinking',
  'text-embedding-004', 'imagen-3.0-generate-002',
];

export const CHANNEL_TYPE_MODELS: Readonly<Record<number, readonly string[]>> = {
  1: OPENAI,
  4: ['llama3-7b', 'llama3.1-8b', 'qwen2.5-7b', 'deepseek-r1:7b'],
  11: ['PaLM-2'],
  14: CLAUDE,
  15: [
    'ERNIE-4.0-8K', 'ERNIE-3.5-8K', 'ERNIE-Speed-8K', 'ERNIE-Speed-128K', 'ERNIE-Lite-8K', 'ERNIE-Tiny-8K',
    'ERNIE-Character-8K', 'ERNIE-Functions-8K', 'Embedding-V1',
  ],
  16: ['chatglm_turbo', 'chatglm_pro', 'chatglm_std', 'chatglm_lite'],
  17: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen-max-longcontext', 'text-embedding-v1'],
  18: ['SparkDesk', 'SparkDesk-v1.1', 'SparkDesk-v2.1', 'SparkDesk-v3.1', 'SparkDesk-v3.5', 'SparkDesk-v4.0'],
  20: ['openai/gpt-4o', 'openai/gpt-4o-mini', 'anthropic/claude-3.5-sonnet', 'google/gemini-2.0-flash-001', 'deepseek/deepseek-chat'],
  23: ['hunyuan-lite', 'hunyuan-standard', 'hunyuan-standard-256K', 'hunyuan-pro'],
  24: GEMINI,
  26: ['glm-4', 'glm-4v', 'glm-3-turbo', 'glm-4-alltools', 'glm-4-plus', 'glm-4-0520', 'glm-4-air', 'glm-4-airx', 'glm-4-long', 'glm-4-flash', 'glm-4v-plus', 'embedding-3'],
  27: ['llama-3-sonar-small-32k-chat', 'llama-3-sonar-small-32k-online', 'llama-3-sonar-large-32k-chat', 'llama-3-sonar-large-32k-online', 'sonar', 'sonar-pro', 'sonar-reasoning'],
  33: CLAUDE.filter((m) => !m.endsWith('-thinking') && m !== 'claude-2'),
  34: ['command-r', 'command-r-plus', 'command-r-08-2024', 'command-r-plus-08-2024', 'c4ai-aya-23-35b', 'c4ai-aya-23-8b', 'command-light', 'command-light-nightly', 'command', 'command-nightly', 'rerank-english-v3.0', 'rerank-multilingual-v3.0', 'rerank-english-v2.0', 'rerank-multilingual-v2.0'],
  37: ['dify'],
  38: ['jina-clip-v1', 'jina-reranker-v2-base-multilingual', 'jina-embeddings-v3'],
  39: ['@cf/meta/llama-3.1-8b-instruct', '@cf/meta/llama-3-8b-instruct', '@cf/qwen/qwen1.5-14b-chat-awq', '@cf/openai/whisper', '@cf/baai/bge-m3'],
  40: ['THUDM/glm-4-9b-chat', 'Qwen/Qwen2.5-7B-Instruct', 'Qwen/Qwen2.5-72B-Instruct', 'deepseek-ai/DeepSeek-V3', 'deepseek-ai/DeepSeek-R1', 'BAAI/bge-m3', 'BAAI/bge-reranker-v2-m3'],
  41: [...CLAUDE.filter((m) => !m.endsWith('-thinking') && m.startsWith('claude-3')), ...GEMINI.filter((m) => m.startsWith('gemini-'))],
  42: ['open-mistral-7b', 'open-mixtral-8x7b', 'mistral-small-latest', 'mistral-medium-latest', 'mistral-large-latest', 'mistral-embed'],
  43: ['deepseek-chat', 'deepseek-reasoner'],
  44: ['m3e-large', 'm3e-base', 'm3e-small'],
  45: ['Doubao-pro-128k', 'Doubao-pro-32k', 'Doubao-pro-4k', 'Doubao-lite-128k', 'Doubao-lite-32k', 'Doubao-lite-4k', 'Doubao-embedding', 'doubao-seed-1-6-250615'],
  46: ['ernie-4.0-8k-latest', 'ernie-4.0-turbo-8k', 'ernie-3.5-8k', 'ernie-speed-8k', 'ernie-lite-8k', 'ernie-x1-32k-preview', 'deepseek-v3', 'deepseek-r1'],
  47: ['bge-reranker-v2-m3', 'jina-reranker-v2', 'qwen2.5-instruct'],
  48: [
    'grok-3-beta', 'grok-3-mini-beta', 'grok-3-fast-beta', 'grok-3-mini-fast-beta', 'grok-3-mini-beta-high',
    'grok-3-mini-beta-low', 'grok-3-mini-beta-medium', 'grok-3-mini-fast-beta-high', 'grok-3-mini-fast-beta-low',
    'grok-3-mini-fast-beta-medium', 'grok-2-image', 'grok-2', 'grok-2-vision', 'grok-beta', 'grok-vision-beta',
  ],
  49: ['coze-bot'],
};
