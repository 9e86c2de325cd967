import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { cn } from '../../lib/class-names';
import { ContentPreview } from './content-preview';
import { jsonFieldError, type FieldDef } from './option-fields';
import { optionInputId } from './option-switch';

interface Props {
  field: FieldDef;
  value: string;
  onChange: (value: string) => void;
  /** The form's message for this field (already translated). */
  error?: string;
  disabled?: boolean;
}

/** One option input by kind; JSON areas say 不是合法的 JSON 字符串 as soon as they lose focus. */
export function OptionField({ field, value, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const [blurError, setBlurError] = useState<string | null>(null);
  const id = optionInputId(field.key);
  const shownError = error ?? (blurError ? t(blurError) : undefined);
  const hint = field.hint ? t(field.hint) : field.kind === 'secret' ? t('settings.secretHint') : undefined;
  const common = {
    id,
    value,
    disabled,
    placeholder: field.placeholder ? t(field.placeholder) : undefined,
    'aria-invalid': shownError ? true : undefined,
    'data-option': field.key,
  } as const;
  const change = (next: string) => {
    setBlurError(null);
    onChange(next);
  };

  let control;
  switch (field.kind) {
    case 'textarea':
      control = (
        <>
          <Textarea {...common} rows={field.rows ?? 4} onChange={(e) => change(e.target.value)} />
          {field.preview ? <ContentPreview source={value} format={field.preview} /> : null}
        </>
      );
      break;
    case 'json':
      control = (
        <Textarea
          {...common}
          rows={field.rows ?? 8}
          spellCheck={false}
          className="font-mono text-[13px] leading-5"
          onChange={(e) => change(e.target.value)}
          onBlur={() => setBlurError(jsonFieldError(field, value))}
        />
      );
      break;
    case 'secret':
      control = <PasswordInput {...common} autoComplete="new-password" onChange={(e) => change(e.target.value)} />;
      break;
    case 'select':
      control = (
        <Select value={value} onValueChange={change} disabled={disabled}>
          <SelectTrigger id={id} data-option={field.key}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {field.choices.map((c) => (
              <SelectItem key={c.value} value={c.value}>
                {t(c.label)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      );
      break;
    default:
      control = (
        <Input {...common} inputMode={field.kind === 'int' ? 'numeric' : field.kind === 'float' ? 'decimal' : field.kind === 'url' ? 'url' : undefined} onChange={(e) => change(e.target.value)} />
      );
  }
  const wide = field.wide || field.kind === 'textarea' || field.kind === 'json';
  return (
    <Field label={t(field.label)} htmlFor={id} hint={hint} error={shownError} className={cn('content-start', wide && 'sm:col-span-2 xl:col-span-3')}>
      {control}
    </Field>
  );
}
