import { keysOf, readChannelInfo } from '../db/repositories/channel-info.js';
import type { ChannelRow } from '../db/rows.js';
import { providerOf } from '../providers/registry.js';

/** A multi-key channel's key settings (channel_info); statuses by key index, enabled when absent. */
export interface MultiKeyConfig {
  /** channel_info.is_multi_key: key failures disable the key, not the channel */
  enabled: boolean;
  /** random, or polling (round-robin); several keys in a channel that is not multi-key are polled */
  mode: 'random' | 'polling';
  statuses: Readonly<Record<number, number>>;
  pollingIndex: number;
}

/** A channel's routing and forwarding settings, parsed once per directory rebuild. */
export interface ChannelConfig {
  id: number;
  type: number;
  name: string;
  keys: string[];
  baseUrl: string;
  models: string[];
  groups: string[];
  priority: number;
  weight: number;
  status: number;
  autoBan: boolean;
  modelMapping: Record<string, string>;
  statusCodeMapping: Record<string, string>;
  paramOverride: Record<string, unknown> | null;
  /** header_override: headers laid over what is sent upstream (string values only) */
  headerOverride: Record<string, string> | null;
  setting: Record<string, unknown>;
  other: string;
  openaiOrganization: string;
  testModel: string;
  /** created_time (unix seconds): Azure deployment names depend on it */
  createdTime: number;
  multiKey: MultiKeyConfig;
}

export const splitList = (s: string | null | undefined): string[] =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');

function parseObject<T>(text: string | null | undefined): T | null {
  if (!text || !text.trim()) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as T) : null;
  } catch {
    return null;
  }
}

/**
 * A multi-key channel's keys are indexed as its key management stores them; otherwise one key per line
 * (several lines are polled), except a Vertex AI (41) service-account JSON, which is one key.
 */
function keysFor(type: number, key: string, isMultiKey: boolean): string[] {
  if (isMultiKey) return keysOf(key);
  if (providerOf(type).jsonKeys) return key.trim() ? [key.trim()] : [];
  return key
    .split('\n')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

/** The string-valued entries of an object, keys lower-cased; null when there are none. */
function stringValues(o: Record<string, unknown> | null): Record<string, string> | null {
  const out = Object.fromEntries(Object.entries(o ?? {}).flatMap(([k, v]) => (typeof v === 'string' ? [[k.toLowerCase(), v]] : [])));
  return Object.keys(out).length ? out : null;
}

export function toChannelConfig(row: ChannelRow): ChannelConfig {
  const info = readChannelInfo(row.channel_info);
  const statuses: Record<number, number> = {};
  for (const [k, v] of Object.entries(info.multi_key_status_list ?? {})) statuses[Number(k)] = v;
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    keys: keysFor(row.type, row.key, info.is_multi_key),
    baseUrl: (row.base_url ?? '').replace(/\/+$/, ''),
    models: splitList(row.models),
    groups: splitList(row.group),
    priority: row.priority ?? 0,
    weight: Math.max(0, row.weight ?? 0),
    status: row.status,
    autoBan: (row.auto_ban ?? 1) === 1,
    modelMapping: parseObject<Record<string, string>>(row.model_mapping) ?? {},
    statusCodeMapping: parseObject<Record<string, string>>(row.status_code_mapping) ?? {},
    paramOverride: parseObject<Record<string, unknown>>(row.param_override),
    headerOverride: stringValues(parseObject<Record<string, unknown>>(row.header_override)),
    setting: parseObject<Record<string, unknown>>(row.setting) ?? {},
    other: row.other ?? '',
    openaiOrganization: row.openai_organization ?? '',
    testModel: row.test_model ?? '',
    createdTime: Number(row.created_time) || 0,
    multiKey: {
      enabled: info.is_multi_key,
      mode: info.is_multi_key && info.multi_key_mode !== 'polling' ? 'random' : 'polling',
      statuses: info.is_multi_key ? statuses : {},
      pollingIndex: info.multi_key_polling_index,
    },
  };
}
