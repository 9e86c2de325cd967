import {
  CHANNEL_PRIORITY_MAX,
  CHANNEL_PRIORITY_MIN,
  CHANNEL_WEIGHT_MAX,
  MODEL_NAME_MAX,
  splitNames,
} from '../../contracts/channel.js';
import { GROUP_MAX } from '../../contracts/bounded-text.js';
import { providerOf } from '../../providers/registry.js';

/** The JSON-object fields of a channel and the names new-api's messages give them. */
const JSON_FIELDS = [
  ['model_mapping', '模型映射'],
  ['status_code_mapping', '状态码映射'],
  ['setting', '渠道额外设置'],
  ['param_override', '参数覆盖'],
  ['header_override', '请求头覆盖'],
  ['settings', '渠道其他设置'],
] as const;
type JsonField = (typeof JSON_FIELDS)[number][0];

const isJsonObject = (text: string): boolean => {
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
};

/** Each JSON field that is sent and not blank must hold a JSON object. */
export function jsonFieldsProblem(fields: Partial<Record<JsonField, string | null>>): string | null {
  for (const [field, label] of JSON_FIELDS) {
    const v = fields[field];
    if (v && v.trim() !== '' && !isJsonObject(v)) return `${label}必须是合法的 JSON 格式！`;
  }
  return null;
}

/** The console's messages (优先级必须是整数！, 权重必须是非负整数！) and the shared bounds. */
export function priorityProblem(v: number | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (!Number.isInteger(v)) return '优先级必须是整数！';
  if (v < CHANNEL_PRIORITY_MIN || v > CHANNEL_PRIORITY_MAX) return `优先级必须在 ${CHANNEL_PRIORITY_MIN} 到 ${CHANNEL_PRIORITY_MAX} 之间`;
  return null;
}

export function weightProblem(v: number | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (!Number.isInteger(v) || v < 0) return '权重必须是非负整数！';
  if (v > CHANNEL_WEIGHT_MAX) return `权重不能大于 ${CHANNEL_WEIGHT_MAX}`;
  return null;
}

/** A model list: names of at most 255 characters (new-api's message), each once (the form's message). */
export function modelsProblem(models: string | null | undefined): string | null {
  const names = splitNames(models);
  for (const name of names) if (name.length > MODEL_NAME_MAX) return `模型名称过长: ${name}`;
  return new Set(names).size === names.length ? null : '某些模型已存在！';
}

/** The group column is varchar(64): the whole comma list must fit. */
export const groupProblem = (group: string | null | undefined): string | null =>
  group && group.length > GROUP_MAX ? `无效的参数：group 长度不能超过 ${GROUP_MAX} 个字符` : null;

export function baseUrlProblem(baseUrl: string | null | undefined): string | null {
  const v = baseUrl?.trim();
  return v && !/^https?:\/\/[^\s]+$/i.test(v) ? '代理地址必须以 http:// 或 https:// 开头' : null;
}

/** A type whose row says regionInOther (Vertex AI) needs its region in `other`: a name, or JSON with a default entry. */
export function regionProblem(type: number, other: string | null | undefined): string | null {
  if (!providerOf(type).regionInOther) return null;
  const v = (other ?? '').trim();
  if (!v) return '部署地区不能为空';
  if (v.startsWith('{') && !(isJsonObject(v) && 'default' in (JSON.parse(v) as object))) return '部署地区必须包含default字段';
  return null;
}

/** The checks every channel write makes, in order; the first problem's message, or null. */
export function channelFieldsProblem(
  fields: Partial<Record<JsonField, string | null>> & {
    priority?: number | null;
    weight?: number | null;
    models?: string | null;
    group?: string | null;
    base_url?: string | null;
  },
): string | null {
  return (
    jsonFieldsProblem(fields) ??
    modelsProblem(fields.models) ??
    groupProblem(fields.group) ??
    priorityProblem(fields.priority) ??
    weightProblem(fields.weight) ??
    baseUrlProblem(fields.base_url)
  );
}
