import type { ChannelRow } from '../db/rows.js';

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
  setting: Record<string, unknown>;
  other: string;
  openaiOrganization: string;
  testModel: string;
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

export function toChannelConfig(row: ChannelRow): ChannelConfig {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    keys: row.key.split('\n').map((k) => k.trim()).filter((k) => k !== ''),
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
    setting: parseObject<Record<string, unknown>>(row.setting) ?? {},
    other: row.other ?? '',
    openaiOrganization: row.openai_organization ?? '',
    testModel: row.test_model ?? '',
  };
}
