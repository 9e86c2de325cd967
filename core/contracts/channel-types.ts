/**
 * Channel types for the console: id, label and the key-format hint. Browser-safe (no Node imports), so the
 * console cannot import core/providers/registry.ts; the ids and labels mirror its names, and
 * channel-types.test.ts holds the two in step.
 */
export interface ChannelTypeOption {
  id: number;
  label: { zh: string; en: string };
  /** How the key is written when it is more than one secret (seeds: key format hints). */
  keyHint?: string;
}

const t = (id: number, zh: string, en = zh, keyHint?: string): ChannelTypeOption => ({ id, label: { zh, en }, keyHint });

export const CHANNEL_TYPES: readonly ChannelTypeOption[] = [
  t(1, 'OpenAI'),
  t(2, 'Midjourney Proxy'),
  t(3, 'Azure OpenAI'),
  t(4, 'Ollama'),
  t(5, 'Midjourney Proxy Plus'),
  t(6, 'OpenAIMax'),
  t(7, 'OhMyGPT'),
  t(8, '自定义渠道', 'Custom channel'),
  t(9, 'AILS'),
  t(10, 'AIProxy'),
  t(11, 'Google PaLM2'),
  t(12, 'API2GPT'),
  t(13, 'AIGC2D'),
  t(14, 'Anthropic Claude'),
  t(15, '百度文心千帆', 'Baidu Wenxin Qianfan', 'APIKey|SecretKey'),
  t(16, '智谱 ChatGLM', 'Zhipu ChatGLM'),
  t(17, '阿里通义千问', 'Alibaba Qwen'),
  t(18, '讯飞星火认知', 'iFlytek Spark', 'APPID|APISecret|APIKey'),
  t(19, '360 智脑', '360 AI Brain'),
  t(20, 'OpenRouter'),
  t(21, '知识库：AI Proxy', 'Knowledge base: AI Proxy'),
  t(22, '知识库：FastGPT', 'Knowledge base: FastGPT', 'APIKey-AppId'),
  t(23, '腾讯混元', 'Tencent Hunyuan', 'AppId|SecretId|SecretKey'),
  t(24, 'Google Gemini'),
  t(25, 'Moonshot'),
  t(26, '智谱 GLM-4V', 'Zhipu GLM-4V'),
  t(27, 'Perplexity'),
  t(31, '零一万物', '01.AI'),
  t(33, 'AWS Claude', 'AWS Claude', 'Ak|Sk|Region'),
  t(34, 'Cohere'),
  t(35, 'MiniMax'),
  t(36, 'Suno API'),
  t(37, 'Dify'),
  t(38, 'Jina'),
  t(39, 'Cloudflare'),
  t(40, 'SiliconCloud'),
  t(41, 'Vertex AI'),
  t(42, 'Mistral AI'),
  t(43, 'DeepSeek'),
  t(44, '嵌入模型：MokaAI M3E', 'Embeddings: MokaAI M3E'),
  t(45, '字节火山方舟、豆包通用', 'ByteDance Volcengine Ark / Doubao'),
  t(46, '百度文心千帆V2', 'Baidu Wenxin Qianfan V2'),
  t(47, 'Xinference'),
  t(48, 'xAI'),
  t(49, 'Coze'),
];

/** Vertex AI takes a service-account JSON rather than a key line. */
export const VERTEX_CHANNEL_TYPE = 41;

export function channelTypeOf(id: number): ChannelTypeOption | undefined {
  return CHANNEL_TYPES.find((o) => o.id === id);
}
