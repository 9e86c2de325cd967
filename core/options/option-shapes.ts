import { z } from 'zod';
import { CHAT_LINK_SCHEMES, isAllowedChatLink } from '../contracts/chat-link.js';

/**
 * The shape every JSON-valued option must have, checked before anything is saved. new-api only parses
 * these when it applies them: an invalid value is persisted anyway and empties the in-memory map (so a
 * typo in ModelRatio silently turns every model into "ratio not set"). Ferryman refuses such a value and
 * keeps the old one. Each check returns the refusal message, or null when the value is acceptable.
 */
export type ShapeCheck = (value: unknown) => string | null;

const numberMap = z.record(z.string(), z.number());
const stringMap = z.record(z.string(), z.string());

/** A map of name → number ≥ 0 (negative ratios or prices would pay users for using models). */
function nonNegativeNumberMap(key: string, negative: (name: string) => string): ShapeCheck {
  return (value) => {
    const parsed = numberMap.safeParse(value);
    if (!parsed.success) return `${key} 必须是 {"名称": 数字} 形式的 JSON 对象`;
    const bad = Object.entries(parsed.data).find(([, n]) => n < 0);
    return bad ? negative(bad[0]) : null;
  };
}

function shaped(schema: z.ZodType, message: string): ShapeCheck {
  return (value) => (schema.safeParse(value).success ? null : message);
}

const negativeIn = (key: string) => (name: string) => `${key} 中 ${name} 的值不能小于 0`;

/** new-api's CheckModelRequestRateLimitGroup: group → [max requests ≥ 0, max successes ≥ 1], same message. */
const rateLimitGroup: ShapeCheck = (value) => {
  const parsed = z.record(z.string(), z.tuple([z.number().int(), z.number().int()])).safeParse(value);
  if (!parsed.success) return 'ModelRequestRateLimitGroup 必须是 {"分组": [最大请求数, 最大成功请求数]} 形式的 JSON 对象';
  for (const [group, [total, success]] of Object.entries(parsed.data)) {
    if (total < 0 || success < 1) return `group ${group} has negative rate limit values: [${total}, ${success}]`;
  }
  return null;
};

const CHAT_SCHEMES_TEXT = CHAT_LINK_SCHEMES.map((scheme) => `${scheme}://`).join('、');

/** A list of {name: link template}; each template must be a web or known chat-app link (chat-link.ts). */
const chats: ShapeCheck = (value) => {
  const parsed = z.array(stringMap).safeParse(value);
  if (!parsed.success) return 'Chats 必须是 [{"名称": "链接"}] 形式的 JSON 数组';
  const bad = parsed.data.flatMap((entry) => Object.entries(entry)).find(([, template]) => !isAllowedChatLink(template));
  return bad ? `Chats 中「${bad[0]}」的链接只能以 ${CHAT_SCHEMES_TEXT} 开头` : null;
};

export const OPTION_SHAPES: Readonly<Record<string, ShapeCheck>> = {
  // new-api's own message for a negative group ratio.
  GroupRatio: nonNegativeNumberMap('GroupRatio', (name) => `group ratio must be not less than 0: ${name}`),
  TopupGroupRatio: nonNegativeNumberMap('TopupGroupRatio', negativeIn('TopupGroupRatio')),
  ModelRatio: nonNegativeNumberMap('ModelRatio', negativeIn('ModelRatio')),
  ModelPrice: nonNegativeNumberMap('ModelPrice', negativeIn('ModelPrice')),
  CompletionRatio: nonNegativeNumberMap('CompletionRatio', negativeIn('CompletionRatio')),
  CacheRatio: nonNegativeNumberMap('CacheRatio', negativeIn('CacheRatio')),
  ModelRequestRateLimitGroup: rateLimitGroup,
  UserUsableGroups: shaped(stringMap, 'UserUsableGroups 必须是 {"分组": "描述"} 形式的 JSON 对象'),
  Chats: chats,
  'claude.model_headers_settings': shaped(
    z.record(z.string(), z.record(z.string(), z.array(z.string()))),
    'claude.model_headers_settings 必须是 {"模型": {"请求头": ["值"]}} 形式的 JSON 对象',
  ),
  'claude.default_max_tokens': shaped(
    z.record(z.string(), z.number().int().min(1)),
    'claude.default_max_tokens 必须是 {"模型": 正整数} 形式的 JSON 对象',
  ),
  'gemini.safety_settings': shaped(stringMap, 'gemini.safety_settings 必须是 {"类别": "阈值"} 形式的 JSON 对象'),
  'gemini.version_settings': shaped(stringMap, 'gemini.version_settings 必须是 {"模型": "版本"} 形式的 JSON 对象'),
  'gemini.supported_imagine_models': shaped(z.array(z.string()), 'gemini.supported_imagine_models 必须是字符串 JSON 数组'),
};

/** The refusal message for a parsed JSON option value of the wrong shape, or null. */
export function optionShapeError(key: string, value: unknown): string | null {
  const check = Object.hasOwn(OPTION_SHAPES, key) ? OPTION_SHAPES[key] : undefined;
  return check ? check(value) : null;
}
