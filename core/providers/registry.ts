/**
 * Channel types: one row each (spec relay.md §8.3). `openaiCompatible` types are relayed with the
 * OpenAI wire format; `streamOptions` says whether stream_options.include_usage may be sent upstream
 * (new-api's supported set, minus the types its OpenAI adaptor strips it for).
 */
export interface ProviderInfo {
  name: string;
  defaultBaseUrl: string;
  openaiCompatible: boolean;
  streamOptions: boolean;
}

const row = (name: string, defaultBaseUrl: string, openaiCompatible = true, streamOptions = false): ProviderInfo => ({
  name,
  defaultBaseUrl,
  openaiCompatible,
  streamOptions,
});

export const PROVIDERS: Record<number, ProviderInfo> = {
  0: row('Unknown', 'https://api.openai.com'),
  1: row('OpenAI', 'https://api.openai.com', true, true),
  2: row('Midjourney Proxy', 'https://oa.api2d.net', false),
  3: row('Azure OpenAI', '', true, true),
  4: row('Ollama', 'http://localhost:11434', true, true),
  5: row('Midjourney Proxy Plus', 'https://api.openai-sb.com', false),
  6: row('OpenAIMax', 'https://api.openaimax.com'),
  7: row('OhMyGPT', 'https://api.ohmygpt.com'),
  8: row('自定义渠道', ''),
  9: row('AILS', 'https://api.caipacity.com'),
  10: row('AIProxy', 'https://api.aiproxy.io'),
  11: row('Google PaLM2', '', false),
  12: row('API2GPT', 'https://api.api2gpt.com'),
  13: row('AIGC2D', 'https://api.aigc2d.com'),
  14: row('Anthropic Claude', 'https://api.anthropic.com', false),
  15: row('百度文心千帆', 'https://aip.baidubce.com', false),
  16: row('智谱 ChatGLM', 'https://open.bigmodel.cn', false),
  17: row('阿里通义千问', 'https://dashscope.aliyuncs.com', false),
  18: row('讯飞星火认知', '', false),
  19: row('360 智脑', 'https://api.360.cn'),
  20: row('OpenRouter', 'https://openrouter.ai/api'),
  21: row('知识库：AI Proxy', 'https://api.aiproxy.io', false),
  22: row('知识库：FastGPT', 'https://fastgpt.run/api/openapi'),
  23: row('腾讯混元', 'https://hunyuan.tencentcloudapi.com', false),
  24: row('Google Gemini', 'https://generativelanguage.googleapis.com', false),
  25: row('Moonshot', 'https://api.moonshot.cn'),
  26: row('智谱 GLM-4V', 'https://open.bigmodel.cn', false),
  27: row('Perplexity', 'https://api.perplexity.ai'),
  31: row('零一万物', 'https://api.lingyiwanwu.com'),
  33: row('AWS Claude', '', false),
  34: row('Cohere', 'https://api.cohere.ai', false),
  35: row('MiniMax', 'https://api.minimax.chat'),
  36: row('Suno API', '', false),
  37: row('Dify', 'https://api.dify.ai', false),
  38: row('Jina', 'https://api.jina.ai'),
  39: row('Cloudflare', 'https://api.cloudflare.com', false),
  40: row('SiliconCloud', 'https://api.siliconflow.cn'),
  41: row('Vertex AI', '', false),
  42: row('Mistral AI', 'https://api.mistral.ai'),
  43: row('DeepSeek', 'https://api.deepseek.com', true, true),
  44: row('嵌入模型：MokaAI M3E', 'https://api.moka.ai', false),
  45: row('字节火山方舟、豆包通用', 'https://ark.cn-beijing.volces.com', false),
  46: row('百度文心千帆V2', 'https://qianfan.baidubce.com', true, true),
  47: row('Xinference', ''),
  48: row('xAI', 'https://api.x.ai', true, true),
  49: row('Coze', 'https://api.coze.cn', false),
};

export function providerOf(type: number): ProviderInfo {
  return PROVIDERS[type] ?? PROVIDERS[0]!;
}
