import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import type { ChannelFormValues } from '../channel-form-schema';
import type { SectionProps } from './channel-form-api';
import { FormSection } from './form-section';

type JsonKey = 'status_code_mapping' | 'param_override' | 'header_override' | 'setting';
const JSON_FIELDS: { key: JsonKey; placeholder: string }[] = [
  { key: 'status_code_mapping', placeholder: '{"400": "500"}' },
  { key: 'param_override', placeholder: '{"temperature": 0}' },
  { key: 'header_override', placeholder: '{"User-Agent": "ferryman"}' },
  { key: 'setting', placeholder: '{"force_format": true}' },
];

/** Mappings and overrides (JSON), auto-ban, routing (priority, weight) and the tag. */
export function AdvancedSection({ form }: SectionProps) {
  const { t } = useTranslation();
  const number = (key: keyof ChannelFormValues & ('priority' | 'weight')) => (
    <Field label={t(`channels.columns.${key}`)} htmlFor={`channel-${key}`}>
      <Input id={`channel-${key}`} inputMode="numeric" {...form.bind(key)} />
    </Field>
  );
  return (
    <FormSection title={t('channels.form.advanced')} data="advanced">
      <div className="grid grid-cols-2 gap-3">
        {number('priority')}
        {number('weight')}
      </div>
      <Field label={t('channels.columns.tag')} htmlFor="channel-tag">
        <Input id="channel-tag" {...form.bind('tag')} autoComplete="off" />
      </Field>
      <span className="flex items-center gap-2">
        <Switch id="channel-auto-ban" checked={form.values.auto_ban} onCheckedChange={(on) => form.set('auto_ban', on)} />
        <Label htmlFor="channel-auto-ban" className="font-normal">
          {t('channels.form.autoBan')}
        </Label>
      </span>
      {JSON_FIELDS.map(({ key, placeholder }) => (
        <Field key={key} label={t(`channels.form.${key}`)} htmlFor={`channel-${key}`} hint={t(`channels.form.${key}Hint`)} error={form.error(key)}>
          <Textarea id={`channel-${key}`} rows={3} className="font-mono text-xs" {...form.bind(key)} placeholder={placeholder} />
        </Field>
      ))}
    </FormSection>
  );
}
