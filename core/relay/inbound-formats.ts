import { claudeInbound } from '../formats/claude/claude-inbound.js';
import type { InboundFormat } from '../formats/format-contracts.js';
import { geminiInbound } from '../formats/gemini/gemini-inbound.js';
import { openAiInbound } from '../formats/openai/openai-inbound.js';
import { responsesInbound } from '../formats/responses/responses-inbound.js';
import type { ClientFormat } from './endpoints.js';

/** Each client format's parser and error envelope. */
export const INBOUND: Readonly<Record<ClientFormat, InboundFormat>> = {
  openai: openAiInbound,
  claude: claudeInbound,
  gemini: geminiInbound,
  responses: responsesInbound,
};
