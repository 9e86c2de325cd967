import type { BadgeTone } from '../../components/ui/badge';

const TYPE_TONES: Record<number, BadgeTone> = { 1: 'cyan', 2: 'green', 3: 'orange', 4: 'violet', 5: 'red' };

/** Log type 1 top-up, 2 consume, 3 manage, 4 system, 5 error. */
export function logTypeView(type: number): { key: string; tone: BadgeTone } {
  return TYPE_TONES[type] ? { key: `logs.types.${type}`, tone: TYPE_TONES[type] } : { key: 'logs.types.unknown', tone: 'gray' };
}

/** Channel, token, group and model cells are shown only for types 0, 2 and 5. */
export function showsModelCells(type: number): boolean {
  return type === 0 || type === 2 || type === 5;
}

/** Use time: under 101 s green, under 300 s orange, else red. */
export function useTimeTone(seconds: number): BadgeTone {
  if (seconds < 101) return 'green';
  if (seconds < 300) return 'orange';
  return 'red';
}

/** First-token time (seconds): under 3 s green, under 10 s orange, else red. */
export function firstTokenTone(seconds: number): BadgeTone {
  if (seconds < 3) return 'green';
  if (seconds < 10) return 'orange';
  return 'red';
}

/** Drawing/task duration: 60 s or less green, otherwise red. */
export function durationTone(seconds: number): BadgeTone {
  return seconds <= 60 ? 'green' : 'red';
}

export interface LogOther {
  frt?: number;
  is_model_mapped?: boolean;
  upstream_model_name?: string;
  model_ratio?: number;
  model_price?: number;
  group_ratio?: number;
  completion_ratio?: number;
  cache_tokens?: number;
  cache_ratio?: number;
  cache_creation_tokens?: number;
  reasoning_effort?: string;
  web_search?: boolean;
  web_search_call_count?: number;
  web_search_price?: number;
  file_search?: boolean;
  file_search_call_count?: number;
  file_search_price?: number;
  audio_input_seperate_price?: boolean;
  audio_input_token_count?: number;
  audio_input_price?: number;
  admin_info?: { use_channel?: (number | string)[] };
}

/** The `other` column is a JSON string ("null" or empty when there is nothing). */
export function parseLogOther(raw: string | null | undefined): LogOther {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as LogOther) : {};
  } catch {
    return {};
  }
}

/** A per-call charge billed on top of the tokens: `count` calls (or audio tokens) at `price` USD per `per`. */
export interface SurchargeTerm {
  key: 'formulaWebSearch' | 'formulaFileSearch' | 'formulaAudioInput';
  count: number;
  price: number;
  per: '1K' | '1M';
}

/** The surcharges a consume log's `other` records (web / file search calls, Gemini audio input), in new-api's order. */
export function surchargeTerms(o: LogOther): SurchargeTerm[] {
  const terms: SurchargeTerm[] = [];
  if (o.web_search && o.web_search_price !== undefined) terms.push({ key: 'formulaWebSearch', count: o.web_search_call_count ?? 1, price: o.web_search_price, per: '1K' });
  if (o.file_search && o.file_search_price !== undefined) terms.push({ key: 'formulaFileSearch', count: o.file_search_call_count ?? 1, price: o.file_search_price, per: '1K' });
  if (o.audio_input_seperate_price && o.audio_input_price !== undefined) terms.push({ key: 'formulaAudioInput', count: o.audio_input_token_count ?? 0, price: o.audio_input_price, per: '1M' });
  return terms;
}
