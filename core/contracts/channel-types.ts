/**
 * The browser-safe half of each channel type's registry row (core/providers/registry.ts): id, label, the
 * key-format hint and what the provider can serve. The console's channel drawer reads it; the registry
 * takes these facts from here and adds the server-side ones (dialect, base URL, models, adapter), and
 * core/providers/registry.test.ts holds the two in step.
 */
export type ChannelCapability = 'chat' | 'embeddings' | 'images' | 'audio' | 'rerank' | 'realtime' | 'video' | 'balance';

export interface ChannelTypeOption {
  id: number;
  label: { zh: string; en: string };
  /** How the key is written when it is more than one secret (seeds: key format hints). */
  keyHint?: string;
  /** What the provider serves (new-api's adaptor for the type), and whether its balance can be queried. */
  capabilities: readonly ChannelCapability[];
  /** The deployment region travels in the channel's `other` field (Vertex AI): required, a name or JSON with a default. */
  regionInOther?: true;
}

type TypeFacts = Pick<ChannelTypeOption, 'regionInOther'>;

const CHAT = ['chat', 'embeddings'] as const;

const t = (id: number, label: string | { zh: string; en: string }, capabilities: readonly ChannelCapability[], keyHint?: string, facts: TypeFacts = {}): ChannelTypeOption => ({
  id,
  label: typeof label === 'string' ? { zh: label, en: label } : label,
  capabilities,
  ...(keyHint ? { keyHint } : {}),
  ...facts,
});

/** Every channel type new-api knows, Unknown (0) included: old rows may carry it. */
export const ALL_CHANNEL_TYPES: readonly ChannelTypeOption[] = [
  t(0, 'Unknown', CHAT),
  t(1, 'OpenAI', [...CHAT, 'images', 'audio', 'realtime', 'balance']),
  t(2, 'Midjourney Proxy', ['images']),
  t(3, 'Azure OpenAI', [...CHAT, 'images', 'audio', 'realtime']),
  t(4, 'Ollama', CHAT),
  t(5, 'Midjourney Proxy Plus', ['images']),
  t(6, 'OpenAIMax', CHAT),
  t(7, 'OhMyGPT', CHAT),
  t(8, { zh: '自定义渠道', en: 'Custom channel' }, [...CHAT, 'balance']),
  t(9, 'AILS', CHAT),
  t(10, 'AIProxy', [...CHAT, 'balance']),
  t(11, 'Google PaLM2', ['chat']),
  t(12, 'API2GPT', [...CHAT, 'balance']),
  t(13, 'AIGC2D', [...CHAT, 'balance']),
  t(14, 'Anthropic Claude', ['chat']),
  t(15, { zh: '百度文心千帆', en: 'Baidu Wenxin Qianfan' }, CHAT, 'APIKey|SecretKey'),
  t(16, { zh: '智谱 ChatGLM', en: 'Zhipu ChatGLM' }, ['chat'], 'id.secret'),
  t(17, { zh: '阿里通义千问', en: 'Alibaba Qwen' }, [...CHAT, 'images', 'rerank']),
  t(18, { zh: '讯飞星火认知', en: 'iFlytek Spark' }, ['chat'], 'APPID|APISecret|APIKey'),
  t(19, { zh: '360 智脑', en: '360 AI Brain' }, CHAT),
  t(20, 'OpenRouter', ['chat', 'balance']),
  t(21, { zh: '知识库：AI Proxy', en: 'Knowledge base: AI Proxy' }, ['chat']),
  t(22, { zh: '知识库：FastGPT', en: 'Knowledge base: FastGPT' }, ['chat'], 'APIKey-AppId'),
  t(23, { zh: '腾讯混元', en: 'Tencent Hunyuan' }, ['chat'], 'AppId|SecretId|SecretKey'),
  t(24, 'Google Gemini', [...CHAT, 'images']),
  t(25, 'Moonshot', ['chat', 'balance']),
  t(26, { zh: '智谱 GLM-4V', en: 'Zhipu GLM-4V' }, [...CHAT, 'images']),
  t(27, 'Perplexity', ['chat']),
  t(31, { zh: '零一万物', en: '01.AI' }, ['chat']),
  t(33, 'AWS Claude', ['chat'], 'Ak|Sk|Region'),
  t(34, 'Cohere', [...CHAT, 'rerank']),
  t(35, 'MiniMax', ['chat', 'audio']),
  t(36, 'Suno API', ['audio']),
  t(37, 'Dify', ['chat']),
  t(38, 'Jina', ['embeddings', 'rerank']),
  t(39, 'Cloudflare', [...CHAT, 'audio']),
  t(40, 'SiliconCloud', [...CHAT, 'images', 'rerank', 'balance']),
  t(41, 'Vertex AI', [...CHAT, 'images'], '服务账号 JSON 密钥', { regionInOther: true }),
  t(42, 'Mistral AI', CHAT),
  t(43, 'DeepSeek', ['chat', 'balance']),
  t(44, { zh: '嵌入模型：MokaAI M3E', en: 'Embeddings: MokaAI M3E' }, ['embeddings']),
  t(45, { zh: '字节火山方舟、豆包通用', en: 'ByteDance Volcengine Ark / Doubao' }, [...CHAT, 'images', 'audio']),
  t(46, { zh: '百度文心千帆V2', en: 'Baidu Wenxin Qianfan V2' }, ['chat']),
  t(47, 'Xinference', [...CHAT, 'rerank']),
  t(48, 'xAI', ['chat', 'images']),
  t(49, 'Coze', ['chat']),
  t(50, { zh: '可灵', en: 'Kling' }, ['video', 'images'], 'AccessKey|SecretKey'),
  t(51, { zh: '即梦', en: 'Jimeng' }, ['video', 'images'], 'AccessKey|SecretKey'),
  t(52, 'Vidu', ['video']),
  t(53, 'Submodel', ['chat']),
  t(54, { zh: '豆包视频', en: 'Doubao Video' }, ['video']),
  t(55, 'Sora', ['video']),
  t(56, 'Replicate', ['images', 'video']),
  t(57, 'Codex', ['chat'], 'OAuth JSON：{"access_token":"…","refresh_token":"…","account_id":"…"}'),
];

/** The types the console offers: all but Unknown. */
export const CHANNEL_TYPES: readonly ChannelTypeOption[] = ALL_CHANNEL_TYPES.filter((o) => o.id !== 0);

/** Vertex AI takes a service-account JSON rather than a key line. */
export const VERTEX_CHANNEL_TYPE = 41;

export function channelTypeOf(id: number): ChannelTypeOption | undefined {
  return ALL_CHANNEL_TYPES.find((o) => o.id === id && id !== 0);
}

/** A provider that serves embeddings and no chat (MokaAI M3E, Jina) is tested with an embeddings request. */
export const servesOnlyEmbeddings = (o: Pick<ChannelTypeOption, 'capabilities'>): boolean =>
  o.capabilities.includes('embeddings') && !o.capabilities.includes('chat');
