import { ALL_CHANNEL_TYPES } from '../contracts/channel-types.js';
import { AZURE_HOST } from './azure/azure-host.js';
import { bedrockAuthorize } from './bedrock/bedrock-authorize.js';
import { bedrockEventStreamToSse } from './bedrock/bedrock-event-stream.js';
import {
  AIGC2D_BALANCE,
  AIPROXY_BALANCE,
  API2GPT_BALANCE,
  DEEPSEEK_BALANCE,
  MOONSHOT_BALANCE,
  OPENROUTER_BALANCE,
  SILICONFLOW_BALANCE,
} from './balance-endpoints.js';
import { accessPairOrRelayKey, idDotSecret, joinedParts, jsonObjectKey, keyDashAppId } from './key-formats.js';
import { CLAUDE_MODELS, GEMINI_MODELS, OPENAI_MODELS } from './model-lists.js';
import { prefixedHost } from './openai-host.js';
import { CLOUDFLARE_URL, CUSTOM_URL, DEEPSEEK_URL, MINIMAX_URL, OPENAI_ORG_HEADERS, OPENROUTER_HEADERS } from './openai-compatible/host-quirks.js';
import type { Dialect, Provider } from './provider.js';
import type { HubAdapter } from './hub-adapter.js';
import { BAIDU_TOKEN_REFUSED, baiduAuthorize, baiduForgetToken } from './baidu/baidu-token.js';
import { BAIDU_BASE, BAIDU_V1 } from './baidu/baidu-v1.js';
import { COZE } from './coze/coze.js';
import { codexAuthorize, codexForgetToken } from './codex/codex-authorize.js';
import { collectResponsesStream } from './codex/codex-collect.js';
import { codexKeyValid } from './codex/codex-key.js';
import { CODEX_HOST, CODEX_MODELS } from './codex/codex-request.js';
import { REPLICATE, REPLICATE_DEFAULT_MODEL } from './replicate/replicate-images.js';
import { JIMENG_IMAGE_MODEL, JIMENG_IMAGES } from './jimeng/jimeng-images.js';
import { DIFY } from './dify/dify.js';
import { MOKAAI } from './mokaai/mokaai.js';
import { HUNYUAN } from './tencent/hunyuan.js';
import { SPARK, SPARK_BASE, SPARK_TRANSPORT } from './xunfei/spark.js';
import { vertexAuthorize, vertexDialect, vertexForgetToken } from './vertex/vertex-authorize.js';
import { ZHIPU_V4_HOST } from './zhipu/zhipu-host.js';
import { forgetZhipuToken } from './zhipu/zhipu-token.js';
import { ZHIPU_TOKEN_REFUSED, ZHIPU_V3 } from './zhipu/zhipu-v3.js';
import { zhipuV3EventStream } from './zhipu/zhipu-v3-event-stream.js';

/** The server-side facts of a type; the console's (label, key hint, capabilities) come from core/contracts. */
type ServerRow = Omit<Provider, 'id' | 'label' | 'keyHint' | 'capabilities' | 'name'>;

const OPENAI_MODEL_LIST = { style: 'openai', path: '/v1/models' } as const;

const row = (dialect: Dialect | null, defaultBaseUrl: string, more: Partial<ServerRow> = {}): ServerRow => ({
  dialect,
  defaultBaseUrl,
  models: [],
  streamOptions: false,
  responsesApi: false,
  keepsClaudeCacheControl: false,
  modelList: OPENAI_MODEL_LIST,
  balance: null,
  keyValid: null,
  jsonKeys: false,
  host: null,
  ...more,
});
/** An OpenAI-compatible host: one row. */
const openai = (defaultBaseUrl: string, more: Partial<ServerRow> = {}) => row('openai', defaultBaseUrl, more);
/** A type the relay has no adapter for yet (its own protocol, or a task API served by core/tasks). */
const noAdapter = (defaultBaseUrl: string, more: Partial<ServerRow> = {}) => row(null, defaultBaseUrl, more);
/** A provider with its own protocol, reached through the OpenAI hub (hub-adapter.ts). */
const hubRow = (hub: HubAdapter, defaultBaseUrl: string, more: Partial<ServerRow> = {}) => row('hub', defaultBaseUrl, { hub, ...more });

const withoutThinking = (m: string) => !m.endsWith('-thinking');

// new-api's constant/channel.go ids and base URLs (spec relay.md §8.3); models from each adaptor's ModelList.
const SERVER_ROWS: Readonly<Record<number, ServerRow>> = {
  0: openai('https://api.openai.com'),
  1: openai('https://api.openai.com', { models: OPENAI_MODELS, streamOptions: true, responsesApi: true, balance: { kind: 'openai-dashboard' }, host: OPENAI_ORG_HEADERS }),
  2: noAdapter('https://oa.api2d.net'),
  3: openai('', { streamOptions: true, host: AZURE_HOST }),
  4: openai('http://localhost:11434', { models: ['llama3-7b', 'llama3.1-8b', 'qwen2.5-7b', 'deepseek-r1:7b'], streamOptions: true }),
  5: noAdapter('https://api.openai-sb.com'),
  6: openai('https://api.openaimax.com'),
  7: openai('https://api.ohmygpt.com'),
  8: openai('', { balance: { kind: 'openai-dashboard' }, host: CUSTOM_URL }),
  9: openai('https://api.caipacity.com'),
  10: openai('https://api.aiproxy.io', { balance: AIPROXY_BALANCE }),
  11: noAdapter('', { models: ['PaLM-2'] }),
  12: openai('https://api.api2gpt.com', { balance: API2GPT_BALANCE }),
  13: openai('https://api.aigc2d.com', { balance: AIGC2D_BALANCE }),
  14: row('claude', 'https://api.anthropic.com', { models: CLAUDE_MODELS, modelList: { style: 'anthropic', path: '/v1/models' } }),
  15: hubRow(BAIDU_V1, BAIDU_BASE, {
    models: ['ERNIE-4.0-8K', 'ERNIE-3.5-8K', 'ERNIE-Speed-8K', 'ERNIE-Speed-128K', 'ERNIE-Lite-8K', 'ERNIE-Tiny-8K', 'ERNIE-Character-8K', 'ERNIE-Functions-8K', 'Embedding-V1'],
    keyValid: joinedParts(2),
    authorize: baiduAuthorize,
    forgetToken: baiduForgetToken,
    tokenRefusedCodes: BAIDU_TOKEN_REFUSED,
  }),
  16: hubRow(ZHIPU_V3, 'https://open.bigmodel.cn', {
    models: ['chatglm_turbo', 'chatglm_pro', 'chatglm_std', 'chatglm_lite'],
    keyValid: idDotSecret,
    reframeStream: zhipuV3EventStream,
    forgetToken: forgetZhipuToken,
    tokenRefusedCodes: ZHIPU_TOKEN_REFUSED,
  }),
  17: openai('https://dashscope.aliyuncs.com', {
    models: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen-max-longcontext', 'text-embedding-v1'],
    modelList: { style: 'openai', path: '/compatible-mode/v1/models' },
    host: prefixedHost('/compatible-mode/v1'),
  }),
  18: hubRow(SPARK, SPARK_BASE, { models: ['SparkDesk', 'SparkDesk-v1.1', 'SparkDesk-v2.1', 'SparkDesk-v3.1', 'SparkDesk-v3.5', 'SparkDesk-v4.0'], keyValid: joinedParts(3), transport: SPARK_TRANSPORT }),
  19: openai('https://api.360.cn'),
  20: openai('https://openrouter.ai/api', {
    models: ['openai/gpt-4o', 'openai/gpt-4o-mini', 'anthropic/claude-3.5-sonnet', 'google/gemini-2.0-flash-001', 'deepseek/deepseek-chat'],
    balance: OPENROUTER_BALANCE,
    keepsClaudeCacheControl: true,
    host: OPENROUTER_HEADERS,
  }),
  // new-api has no adaptor for the AI Proxy knowledge base ("invalid api type")
  21: noAdapter('https://api.aiproxy.io'),
  22: openai('https://fastgpt.run/api/openapi', { keyValid: keyDashAppId }),
  23: hubRow(HUNYUAN, 'https://hunyuan.tencentcloudapi.com', { models: ['hunyuan-lite', 'hunyuan-standard', 'hunyuan-standard-256K', 'hunyuan-pro'], keyValid: joinedParts(3) }),
  24: row('gemini', 'https://generativelanguage.googleapis.com', { models: GEMINI_MODELS, modelList: { style: 'gemini', path: '/v1beta/models' } }),
  25: openai('https://api.moonshot.cn', { balance: MOONSHOT_BALANCE }),
  26: openai('https://open.bigmodel.cn', {
    models: ['glm-4', 'glm-4v', 'glm-3-turbo', 'glm-4-alltools', 'glm-4-plus', 'glm-4-0520', 'glm-4-air', 'glm-4-airx', 'glm-4-long', 'glm-4-flash', 'glm-4v-plus', 'embedding-3'],
    host: ZHIPU_V4_HOST,
    forgetToken: forgetZhipuToken,
  }),
  27: openai('https://api.perplexity.ai', {
    models: ['llama-3-sonar-small-32k-chat', 'llama-3-sonar-small-32k-online', 'llama-3-sonar-large-32k-chat', 'llama-3-sonar-large-32k-online', 'sonar', 'sonar-pro', 'sonar-reasoning'],
    host: prefixedHost(''),
  }),
  31: openai('https://api.lingyiwanwu.com'),
  33: row('claude', '', {
    models: CLAUDE_MODELS.filter((m) => withoutThinking(m) && m !== 'claude-2'),
    keyValid: joinedParts(3),
    authorize: bedrockAuthorize,
    reframeStream: bedrockEventStreamToSse,
    claudeWithoutUrlSources: true,
  }),
  // Cohere through its OpenAI compatibility API (new-api speaks its native v1/chat); rerank is its own route
  34: openai('https://api.cohere.ai', {
    models: [
      'command-r', 'command-r-plus', 'command-r-08-2024', 'command-r-plus-08-2024', 'c4ai-aya-23-35b', 'c4ai-aya-23-8b', 'command-light', 'command-light-nightly', 'command',
      'command-nightly', 'rerank-english-v3.0', 'rerank-multilingual-v3.0', 'rerank-english-v2.0', 'rerank-multilingual-v2.0',
    ],
    host: prefixedHost('/compatibility/v1'),
  }),
  35: openai('https://api.minimax.chat', { host: MINIMAX_URL }),
  36: noAdapter(''),
  37: hubRow(DIFY, 'https://api.dify.ai', { models: ['dify'] }),
  38: openai('https://api.jina.ai', { models: ['jina-clip-v1', 'jina-reranker-v2-base-multilingual', 'jina-embeddings-v3'] }),
  39: openai('https://api.cloudflare.com', {
    models: ['@cf/meta/llama-3.1-8b-instruct', '@cf/meta/llama-3-8b-instruct', '@cf/qwen/qwen1.5-14b-chat-awq', '@cf/openai/whisper', '@cf/baai/bge-m3'],
    host: CLOUDFLARE_URL,
  }),
  40: openai('https://api.siliconflow.cn', {
    models: ['THUDM/glm-4-9b-chat', 'Qwen/Qwen2.5-7B-Instruct', 'Qwen/Qwen2.5-72B-Instruct', 'deepseek-ai/DeepSeek-V3', 'deepseek-ai/DeepSeek-R1', 'BAAI/bge-m3', 'BAAI/bge-reranker-v2-m3'],
    balance: SILICONFLOW_BALANCE,
  }),
  41: row('gemini', '', {
    models: [...CLAUDE_MODELS.filter((m) => withoutThinking(m) && m.startsWith('claude-3')), ...GEMINI_MODELS.filter((m) => m.startsWith('gemini-'))],
    keyValid: jsonObjectKey,
    jsonKeys: true,
    dialectFor: vertexDialect,
    authorize: vertexAuthorize,
    claudeWithoutUrlSources: true,
    forgetToken: vertexForgetToken,
  }),
  42: openai('https://api.mistral.ai', { models: ['open-mistral-7b', 'open-mixtral-8x7b', 'mistral-small-latest', 'mistral-medium-latest', 'mistral-large-latest', 'mistral-embed'] }),
  43: openai('https://api.deepseek.com', { models: ['deepseek-chat', 'deepseek-reasoner'], streamOptions: true, balance: DEEPSEEK_BALANCE, host: DEEPSEEK_URL }),
  44: hubRow(MOKAAI, 'https://api.moka.ai', { models: ['m3e-large', 'm3e-base', 'm3e-small'] }),
  45: openai('https://ark.cn-beijing.volces.com', {
    models: ['Doubao-pro-128k', 'Doubao-pro-32k', 'Doubao-pro-4k', 'Doubao-lite-128k', 'Doubao-lite-32k', 'Doubao-lite-4k', 'Doubao-embedding', 'doubao-seed-1-6-250615'],
    host: prefixedHost('/api/v3'),
  }),
  46: openai('https://qianfan.baidubce.com', {
    models: ['ernie-4.0-8k-latest', 'ernie-4.0-turbo-8k', 'ernie-3.5-8k', 'ernie-speed-8k', 'ernie-lite-8k', 'ernie-x1-32k-preview', 'deepseek-v3', 'deepseek-r1'],
    streamOptions: true,
    host: prefixedHost('/v2'),
  }),
  47: openai('', { models: ['bge-reranker-v2-m3', 'jina-reranker-v2', 'qwen2.5-instruct'] }),
  48: openai('https://api.x.ai', {
    models: [
      'grok-3-beta', 'grok-3-mini-beta', 'grok-3-fast-beta', 'grok-3-mini-fast-beta', 'grok-3-mini-beta-high', 'grok-3-mini-beta-low', 'grok-3-mini-beta-medium',
      'grok-3-mini-fast-beta-high', 'grok-3-mini-fast-beta-low', 'grok-3-mini-fast-beta-medium', 'grok-2-image', 'grok-2', 'grok-2-vision', 'grok-beta', 'grok-vision-beta',
    ],
    streamOptions: true,
  }),
  49: hubRow(COZE, 'https://api.coze.cn', { models: ['coze-bot'] }),
  // new-api's later types (L): video and image task APIs, and Codex over ChatGPT's OAuth backend
  50: noAdapter('https://api.klingai.com', { models: ['kling-v1', 'kling-v1-6', 'kling-v2-master', 'kling-v2-1-master', 'kling-v2-5-turbo', 'kling-v2-6'], keyValid: accessPairOrRelayKey }),
  // video tasks (core/tasks/video) and images (CVProcess, jimeng/)
  51: noAdapter('https://visual.volcengineapi.com', { models: ['jimeng_vgfm_t2v_l20', JIMENG_IMAGE_MODEL], keyValid: accessPairOrRelayKey, media: JIMENG_IMAGES }),
  52: noAdapter('https://api.vidu.cn', { models: ['viduq2', 'viduq1', 'vidu2.0', 'vidu1.5'] }),
  53: openai('https://llm.submodel.ai'),
  54: noAdapter('https://ark.cn-beijing.volces.com', { models: ['doubao-seedance-1-0-pro-250528', 'doubao-seedance-1-0-lite-t2v', 'doubao-seedance-1-0-lite-i2v'] }),
  55: noAdapter('https://api.openai.com', { models: ['sora-2', 'sora-2-pro'] }),
  // images: generations and edits (new-api's replicate adaptor implements no other kind)
  56: row(null, 'https://api.replicate.com', { models: [REPLICATE_DEFAULT_MODEL], media: REPLICATE }),
  // ChatGPT-subscription OAuth: /v1/responses only, always streamed upstream
  57: openai('https://chatgpt.com', {
    models: CODEX_MODELS,
    modelList: { style: 'builtin', path: '' },
    responsesApi: true,
    responsesOnly: true,
    alphaSearch: true,
    keyValid: codexKeyValid,
    jsonKeys: true,
    host: CODEX_HOST,
    authorize: codexAuthorize,
    forgetToken: codexForgetToken,
    collectStream: collectResponsesStream,
  }),
};

function build(): Readonly<Record<number, Provider>> {
  const out: Record<number, Provider> = {};
  for (const option of ALL_CHANNEL_TYPES) {
    const server = SERVER_ROWS[option.id];
    if (!server) throw new Error(`channel type ${option.id} has no registry row`);
    out[option.id] = { ...option, name: option.label.zh, ...server };
  }
  const orphan = Object.keys(SERVER_ROWS).find((id) => !(id in out));
  if (orphan !== undefined) throw new Error(`registry row ${orphan} has no entry in core/contracts/channel-types.ts`);
  return out;
}

/** Every channel type, by id. */
export const PROVIDERS: Readonly<Record<number, Provider>> = build();

/** The row of a type; an unknown type is relayed as OpenAI would be (new-api's fallback adaptor). */
export function providerOf(type: number): Provider {
  return PROVIDERS[type] ?? PROVIDERS[0]!;
}
