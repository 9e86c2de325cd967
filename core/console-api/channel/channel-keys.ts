import { keysOf } from '../../db/repositories/channel-info.js';
import { providerOf } from '../../providers/registry.js';
import type { CreateMode } from './channel-input.js';

const lines = (key: string): string[] =>
  key
    .split('\n')
    .map((k) => k.trim())
    .filter((k) => k !== '');

/** JSON-key types (Vertex AI) take service-account JSON unless their settings say API keys (vertex_key_type api_key). */
function takesJsonKeys(type: number, settings: string | null | undefined): boolean {
  if (!providerOf(type).jsonKeys) return false;
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

/**
 * Composite-key and service-account formats from the type's registry row, checked key by key; the message
 * quotes the hint the console shows.
 */
export function channelKeysProblem(type: number, keys: string[], settings?: string | null): string | null {
  const { keyValid, keyHint, jsonKeys } = providerOf(type);
  if (!keyValid || (jsonKeys && !takesJsonKeys(type, settings))) return null;
  return keys.every(keyValid) ? null : `密钥格式错误，请按照如下格式输入：${keyHint}`;
}
