import { z } from 'zod';
import type { OptionMap } from './api';
import { isJson, prettyJson, sameJson, stripTrailingSlashes, type Draft } from './option-values';
import type { OptionChange } from './queries';

/**
 * How a settings form field edits one option key. Labels, hints and messages are i18n keys.
 * - url: trailing slashes are stripped before saving.
 * - secret: never read back (the server leaves it out); sent only when something was typed.
 * - json: pretty-printed for editing, checked on blur and before saving.
 */
export type NumberRule = 'any' | 'nonNegative' | 'atLeastOne' | 'fraction';

interface BaseField {
  key: string;
  label: string;
  placeholder?: string;
  hint?: string;
  /** Takes the whole row of the section's grid. */
  wide?: boolean;
  /** Disabled unless this switch option is on. */
  enabledBy?: string;
}

export type FieldDef =
  | (BaseField & { kind: 'text' | 'url' | 'secret' })
  /** preview: how the pages show the text (Markdown/HTML, or HTML only), through the same sanitizer. */
  | (BaseField & { kind: 'textarea'; rows?: number; preview?: 'markdown' | 'html' })
  | (BaseField & { kind: 'int' | 'float'; rule?: NumberRule })
  | (BaseField & { kind: 'json'; rows?: number; invalidMessage?: string; shape?: (value: unknown) => string | null })
  | (BaseField & { kind: 'select'; choices: ReadonlyArray<{ value: string; label: string }> });

export interface SwitchDef {
  key: string;
  label: string;
  hint?: string;
  /** Turning the option off asks first (PasswordLoginEnabled); cancelling leaves it on. */
  confirmOff?: { title: string; description: string };
}

const RULES: Record<NumberRule, { ok: (n: number) => boolean; message: string }> = {
  any: { ok: () => true, message: 'settings.errors.number' },
  nonNegative: { ok: (n) => n >= 0, message: 'settings.errors.nonNegative' },
  atLeastOne: { ok: (n) => n >= 1, message: 'settings.errors.atLeastOne' },
  fraction: { ok: (n) => n >= 0.1 && n <= 1, message: 'settings.errors.fraction' },
};

/** The message key for a JSON field's text, or null when it is acceptable (used on blur too). */
export function jsonFieldError(field: Extract<FieldDef, { kind: 'json' }>, text: string): string | null {
  if (!isJson(text)) return field.invalidMessage ?? 'settings.errors.json';
  return field.shape?.(JSON.parse(text)) ?? null;
}

function fieldSchema(field: FieldDef): z.ZodType<string, string> {
  switch (field.kind) {
    case 'url':
      return z.string().transform(stripTrailingSlashes);
    case 'int':
    case 'float': {
      const rule = RULES[field.rule ?? 'any'];
      const pattern = field.kind === 'int' ? /^-?\d+$/ : /^-?(\d+\.?\d*|\.\d+)$/;
      return z
        .string()
        .trim()
        .refine((v) => pattern.test(v), field.kind === 'int' ? 'settings.errors.integer' : 'settings.errors.number')
        .refine((v) => !pattern.test(v) || rule.ok(Number(v)), rule.message);
    }
    case 'json':
      return z.string().superRefine((text, ctx) => {
        const message = jsonFieldError(field, text);
        if (message) ctx.addIssue({ code: 'custom', message });
      });
    default:
      return z.string();
  }
}

/** The section's form schema: every field is a string in and a string (the wire value) out. */
export function sectionSchema(fields: readonly FieldDef[]): z.ZodType<Draft, Draft> {
  return z.object(Object.fromEntries(fields.map((f) => [f.key, fieldSchema(f)]))) as unknown as z.ZodType<Draft, Draft>;
}

/** The editable values of a section from the server's options. */
export function draftOf(fields: readonly FieldDef[], options: OptionMap): Draft {
  return Object.fromEntries(fields.map((f) => [f.key, f.kind === 'secret' ? '' : f.kind === 'json' ? prettyJson(options[f.key] ?? '') : (options[f.key] ?? '')]));
}

function unchanged(field: FieldDef, value: string, stored: string): boolean {
  switch (field.kind) {
    case 'json':
      return sameJson(value, stored);
    case 'int':
    case 'float':
      return stored.trim() !== '' && Number(value) === Number(stored);
    case 'url':
      return value === stripTrailingSlashes(stored);
    default:
      return value === stored;
  }
}

/** Only the keys whose value differs from the server's; a secret only when something was typed. */
export function changedEntries(fields: readonly FieldDef[], values: Draft, options: OptionMap): OptionChange[] {
  return fields.flatMap((f) => {
    const value = values[f.key] ?? '';
    if (f.kind === 'secret') return value.trim() ? [{ key: f.key, value: value.trim() }] : [];
    return unchanged(f, value, options[f.key] ?? '') ? [] : [{ key: f.key, value }];
  });
}

/** The i18n keys of a field or switch named `id`: settings.fields.<id>, and its hint/placeholder when it has one. */
export function textKeys(id: string, extra: { hint?: true; placeholder?: true } = {}): { label: string; hint?: string; placeholder?: string } {
  return {
    label: `settings.fields.${id}`,
    ...(extra.hint ? { hint: `settings.hints.${id}` } : {}),
    ...(extra.placeholder ? { placeholder: `settings.placeholders.${id}` } : {}),
  };
}
