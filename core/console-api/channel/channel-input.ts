import { z } from 'zod';
import { boundedText, GROUP_MAX, shortText, URL_MAX } from '../../contracts/bounded-text.js';

// Keys (one per line, or a Vertex JSON), model lists and JSON settings: bounded in practice by the body cap.
const text = boundedText(1_000_000);
const nullableText = text.nullable().optional();

/** The channel fields a client may send; unknown keys are ignored, types are strict. */
export const channelInput = z.object({
  id: z.number().int().optional(),
  type: z.number().int().min(0).max(1000).optional(),
  key: text.optional(),
  openai_organization: shortText.nullable().optional(),
  test_model: shortText.nullable().optional(),
  status: z.number().int().min(0).max(3).optional(),
  name: shortText.optional(),
  weight: z.number().int().min(0).max(1_000_000).optional(),
  base_url: boundedText(URL_MAX).nullable().optional(),
  other: boundedText(100_000).optional(),
  models: text.optional(),
  group: boundedText(64 * GROUP_MAX).optional(),
  groups: z.array(boundedText(GROUP_MAX)).max(64).optional(),
  model_mapping: nullableText,
  status_code_mapping: boundedText(1024).nullable().optional(),
  priority: z.number().int().min(-1_000_000).max(1_000_000).nullable().optional(),
  auto_ban: z.number().int().min(0).max(1).nullable().optional(),
  tag: shortText.nullable().optional(),
  setting: nullableText,
  param_override: nullableText,
});

export type ChannelInput = z.infer<typeof channelInput>;

/** Server-side checks new-api makes on save; returns the first problem's message. */
export function channelProblem(ch: ChannelInput): string | null {
  for (const [field, label] of [
    ['model_mapping', '模型映射'],
    ['status_code_mapping', '状态码映射'],
    ['setting', '渠道额外设置'],
    ['param_override', '参数覆盖'],
  ] as const) {
    const v = ch[field];
    if (v && v.trim() !== '') {
      try {
        const parsed = JSON.parse(v) as unknown;
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return `${label}必须是合法的 JSON 格式！`;
      } catch {
        return `${label}必须是合法的 JSON 格式！`;
      }
    }
  }
  for (const model of (ch.models ?? '').split(',')) {
    if (model.length > 255) return `模型名称过长: ${model}`;
  }
  if (ch.type === 41) {
    const other = (ch.other ?? '').trim();
    if (!other) return '部署地区不能为空';
    if (other.startsWith('{')) {
      try {
        if (!('default' in (JSON.parse(other) as object))) return '部署地区必须包含default字段';
      } catch {
        return '部署地区必须包含default字段';
      }
    }
  }
  if (ch.base_url && ch.base_url.trim() !== '' && !/^https?:\/\/[^\s]+$/i.test(ch.base_url.trim())) return '代理地址必须以 http:// 或 https:// 开头';
  return null;
}
