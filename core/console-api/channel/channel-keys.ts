import { keysOf } from '../../db/repositories/channel-info.js';
import type { CreateMode } from './channel-input.js';
import { keyFormatProblem } from './channel-rules.js';

const lines = (key: string): string[] =>
  key
    .split('\n')
    .map((k) => k.trim())
    .filter((k) => k !== '');

/** Vertex AI (41) keys are service-account JSON unless its settings say API keys (vertex_key_type api_key). */
function takesJsonKeys(type: number, settings: string | null | undefined): boolean {
  if (type !== 41) return false;
  try {
    return (JSON.parse(settings || '{}') as { vertex_key_type?: unknown }).vertex_key_type !== 'api_key';
  } catch {
    return true;
  }
}

/**
 * The keys a create request holds: `single` the key as sent, otherwise one per line — for Vertex JSON keys the
 * elements of a JSON array, or the one JSON document.
 */
export function createKeys(mode: CreateMode, type: number, key: string, settings?: string | null): string[] {
  return mode === 'single' ? [key.trim()] : splitKeys(type, key, settings);
}

/** The individual keys of a key field. */
export const splitKeys = (type: number, key: string, settings?: string | null): string[] =>
  takesJsonKeys(type, settings) ? keysOf(key.trim().startsWith('[') ? key : `[${key}]`) : lines(key);

/** Composite-key and service-account formats, checked key by key. */
export function channelKeysProblem(type: number, keys: string[], settings?: string | null): string | null {
  if (type === 41 && !takesJsonKeys(type, settings)) return null;
  return keyFormatProblem(type, keys);
}
