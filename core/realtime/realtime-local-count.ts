import type { TokenCounter } from '../../workers/pool.js';
import { tokensFromBytes } from '../billing/estimate-pre-consume.js';
import { goPrint } from './go-print.js';
import type { RealtimeUsage } from './realtime-quota.js';

/**
 * What a realtime session saw since the last `response.done`, kept so that a response whose `response.done`
 * carries no usage can be billed from a local count (new-api's OpenaiRealtimeHandler / CountTokenRealtime):
 * client text (session instructions, input_text items) and appended audio as input; the response's text,
 * transcript and function-argument deltas and its audio as output. Audio is kept as base64 lengths only.
 */
export interface RealtimeTally {
  inputTexts: string[];
  outputTexts: string[];
  audioInBase64: number;
  audioOutBase64: number;
  /** input tokens known without counting: new-api's 8 per tool definition of the session */
  fixedInputTokens: number;
}

export const newTally = (): RealtimeTally => ({ inputTexts: [], outputTexts: [], audioInBase64: 0, audioOutBase64: 0, fixedInputTokens: 0 });

export const tallyIsEmpty = (t: RealtimeTally): boolean =>
  t.inputTexts.length === 0 && t.outputTexts.length === 0 && t.audioInBase64 === 0 && t.audioOutBase64 === 0 && t.fixedInputTokens === 0;

/** new-api's per-tool overhead in a realtime local count (CountTokenRealtime on `response.done`). */
export const REALTIME_TOOL_TOKENS = 8;

/**
 * What the client's session told the upstream, kept across responses: the tool definitions of the last
 * `session.update` that carried any, as the text counted for each.
 */
export interface RealtimeClientSession {
  tools: string[];
}

/**
 * The text counted for one tool definition: what Go's `%v` prints for new-api's RealTimeTool struct
 * (`{type name description parameters}`) decoded from it by encoding/json — keys matched without regard to
 * case and the last one winning, a null leaving a string field as it was, the parameters printed as the
 * `any` they decode to (goPrint). A field of the wrong type fails new-api's decoding of the whole event;
 * here it is left empty. Not an object: nothing.
 */
export function realtimeToolText(tool: unknown): string {
  const t = objectOf(tool);
  if (!t) return '';
  const text = { type: '', name: '', description: '' };
  let parameters: unknown = null;
  for (const [key, value] of Object.entries(t)) {
    const field = key.toLowerCase();
    if (field === 'parameters') parameters = value;
    else if ((field === 'type' || field === 'name' || field === 'description') && typeof value === 'string') text[field] = value;
  }
  return `{${text.type} ${text.name} ${text.description} ${goPrint(parameters)}}`;
}

/**
 * Adds the session's tool definitions to a response's local count: each one's text and 8 tokens, as new-api
 * does for every `response.done` without usage except the session's first (its IsFirstRequest flag).
 */
export function tallyTools(tally: RealtimeTally, session: RealtimeClientSession): void {
  if (session.tools.length === 0) return;
  tally.inputTexts.push(...session.tools);
  tally.fixedInputTokens += REALTIME_TOOL_TOKENS * session.tools.length;
}

/** Bytes of audio per second for the session's formats (pcm16: 24 kHz, 16-bit mono; G.711: 8 kHz, 8-bit). */
export function audioBytesPerSecond(format: string): number {
  return format === 'g711_ulaw' || format === 'g711_alaw' ? 8000 : 48_000;
}

/** The decoded size of `chars` base64 characters (padding is not told apart: at most 2 bytes over). */
export const base64Bytes = (chars: number): number => Math.floor((chars * 3) / 4);

/** new-api CountAudioTokenInput: seconds / 60 × 100 / 0.06, truncated. */
export const audioInputTokens = (seconds: number): number => Math.floor(((seconds / 60) * 100) / 0.06);

/** new-api CountAudioTokenOutput: seconds / 60 × 200 / 0.24, truncated. */
export const audioOutputTokens = (seconds: number): number => Math.floor(((seconds / 60) * 200) / 0.24);

const QUOTE = 0x22;
const isSpace = (b: number | undefined) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * The length of the string value of `"field"` in a JSON frame, found without parsing it (an audio frame is
 * mostly base64, which holds no quote or backslash); 0 when the field is absent or not a string. The first
 * occurrence is taken: the events read this way (`input_audio_buffer.append`, `response.audio.delta`) have
 * no nested objects.
 */
export function stringFieldLength(frame: Buffer, field: string): number {
  const key = `"${field}"`;
  let at = frame.indexOf(key);
  if (at < 0) return 0;
  at += key.length;
  while (isSpace(frame[at])) at++;
  if (frame[at] !== 0x3a) return 0; // ':'
  at++;
  while (isSpace(frame[at])) at++;
  if (frame[at] !== QUOTE) return 0;
  const end = frame.indexOf(QUOTE, at + 1);
  return end < 0 ? 0 : end - at - 1;
}

export interface AudioFormats {
  input: string;
  output: string;
}

/**
 * The usage of one response counted here: text through the token-counting pool (never on the event loop;
 * a failed count falls back to the byte estimate, so a failure never makes a response free), audio from its
 * duration by new-api's formulas. new-api counts and truncates each event on its own; here each side's text
 * is counted as one and the audio of the whole response is timed at once, which only rounds less.
 */
export async function countTally(counter: TokenCounter, model: string, tally: RealtimeTally, formats: AudioFormats, onError: (e: unknown) => void): Promise<RealtimeUsage> {
  const text = async (parts: string[]): Promise<number> => {
    if (parts.length === 0) return 0;
    const joined = parts.join('');
    try {
      return await counter.count({ kind: 'text', model, text: joined });
    } catch (e) {
      onError(e);
      return tokensFromBytes(Buffer.byteLength(joined));
    }
  };
  // the formats as they are now: a session.update may change them while the text is counted
  const audioIn = audioInputTokens(base64Bytes(tally.audioInBase64) / audioBytesPerSecond(formats.input));
  const audioOut = audioOutputTokens(base64Bytes(tally.audioOutBase64) / audioBytesPerSecond(formats.output));
  const [countedIn, textOut] = await Promise.all([text(tally.inputTexts), text(tally.outputTexts)]);
  const textIn = countedIn + tally.fixedInputTokens;
  return {
    input_tokens: textIn + audioIn,
    output_tokens: textOut + audioOut,
    text_input: textIn,
    audio_input: audioIn,
    cached_input: 0,
    cached_text_input: 0,
    cached_audio_input: 0,
    text_output: textOut,
    audio_output: audioOut,
  };
}

const objectOf = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

function parseEvent(frame: Buffer): Record<string, unknown> | null {
  try {
    return objectOf(JSON.parse(frame.toString('utf8')));
  } catch {
    return null;
  }
}

/** The beta names and the GA ones (`response.output_*`) of the output events a local count reads. */
const AUDIO_DELTAS = ['"response.audio.delta"', '"response.output_audio.delta"'];
const TEXT_DELTAS = new Set([
  'response.text.delta',
  'response.output_text.delta',
  'response.audio_transcript.delta',
  'response.output_audio_transcript.delta',
  'response.function_call_arguments.delta',
]);

/**
 * Tallies a text frame from the client: session instructions and input_text items as input text, appended
 * audio by its base64 length (found without parsing the frame). A `session.update` with tools replaces the
 * session's tool definitions (counted at each later response, see tallyTools). Anything else adds nothing.
 */
export function tallyClientFrame(tally: RealtimeTally, frame: Buffer, session: RealtimeClientSession): void {
  if (frame.includes('"input_audio_buffer.append"')) {
    tally.audioInBase64 += stringFieldLength(frame, 'audio');
    return;
  }
  if (!frame.includes('"session.update"') && !frame.includes('"conversation.item.create"')) return;
  const event = parseEvent(frame);
  if (event?.type === 'session.update') {
    const update = objectOf(event.session);
    const instructions = update?.instructions;
    if (typeof instructions === 'string' && instructions) tally.inputTexts.push(instructions);
    // new-api keeps the last non-null tools list
    if (Array.isArray(update?.tools)) session.tools = update.tools.map(realtimeToolText);
  } else if (event?.type === 'conversation.item.create') {
    const item = objectOf(event.item);
    if (item?.type !== 'message' || !Array.isArray(item.content)) return;
    for (const part of item.content) {
      const p = objectOf(part);
      if (p?.type === 'input_text' && typeof p.text === 'string' && p.text) tally.inputTexts.push(p.text);
    }
  }
}

/**
 * Tallies a text frame from the upstream: text, transcript and function-argument deltas as output text,
 * audio deltas by their base64 length; `session.created` / `session.updated` set the audio formats. Returns
 * whether the frame was one of these (then it is not a `response.done`).
 */
export function tallyServerFrame(tally: RealtimeTally, frame: Buffer, formats: AudioFormats): boolean {
  for (const type of AUDIO_DELTAS) {
    if (frame.includes(type)) {
      tally.audioOutBase64 += stringFieldLength(frame, 'delta');
      return true;
    }
  }
  if (frame.includes('.delta"')) {
    const event = parseEvent(frame);
    if (!event || typeof event.type !== 'string' || !TEXT_DELTAS.has(event.type)) return false;
    if (typeof event.delta === 'string' && event.delta) tally.outputTexts.push(event.delta);
    return true;
  }
  if (frame.includes('"session.created"') || frame.includes('"session.updated"')) {
    const event = parseEvent(frame);
    if (event?.type !== 'session.created' && event?.type !== 'session.updated') return false;
    const session = objectOf(event.session);
    if (typeof session?.input_audio_format === 'string') formats.input = session.input_audio_format;
    if (typeof session?.output_audio_format === 'string') formats.output = session.output_audio_format;
    return true;
  }
  return false;
}
