// Model lists shared by several channel types' registry rows (new-api's adaptor ModelLists).

export const OPENAI_MODELS: readonly string[] = [
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

export const CLAUDE_MODELS: readonly string[] = [
  'claude-instant-1.2', 'claude-2', 'claude-2.0', 'claude-2.1', 'claude-3-sonnet-20240229', 'claude-3-opus-20240229',
  'claude-3-haiku-20240307', 'claude-3-5-haiku-20241022', 'claude-3-5-sonnet-20240620', 'claude-3-5-sonnet-20241022',
  'claude-3-7-sonnet-20250219', 'claude-3-7-sonnet-20250219-thinking', 'claude-sonnet-4-20250514',
  'claude-sonnet-4-20250514-thinking', 'claude-opus-4-20250514', 'claude-opus-4-20250514-thinking',
];

export const GEMINI_MODELS: readonly string[] = [
  'gemini-1.5-pro-latest', 'gemini-1.5-flash-latest', 'gemini-1.5-pro', 'gemini-1.5-flash', 'gemini-2.0-flash',
  'gemini-2.0-flash-lite', 'gemini-2.0-flash-exp', 'gemini-2.0-flash-exp-image-generation',
  'gemini-2.5-pro-preview-05-06', 'gemini-2.5-flash-preview-05-20', 'gemini-2.5-flash-preview-05-20-nothinking',
  'text-embedding-004', 'imagen-3.0-generate-002',
];
