import { useTranslation } from 'react-i18next';
import { CHANNEL_TYPES } from '../../../../../core/contracts/channel-types';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import type { SectionProps } from './channel-form-api';
import { FormSection } from './form-section';

/** Type (every provider, labelled in the console's language), name and remark. */
export function BasicsSection({ form }: SectionProps) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language.startsWith('zh');
  return (
    <FormSection title={t('channels.form.basics')} data="basics">
      <Field label={t('channels.columns.type')} htmlFor="channel-type" required>
        <Select value={form.values.type} onValueChange={(v) => form.set('type', v)}>
          <SelectTrigger id="channel-type" data-channel-type>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {CHANNEL_TYPES.map((o) => (
              <SelectItem key={o.id} value={String(o.id)}>
                {zh ? o.label.zh : o.label.en}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field label={t('channels.columns.name')} htmlFor="channel-name" required error={form.error('name')}>
        <Input id="channel-name" {...form.bind('name')} placeholder={t('channels.form.namePlaceholder')} autoComplete="off" />
      </Field>
      <Field label={t('channels.form.remark')} htmlFor="channel-remark">
        <Input id="channel-remark" {...form.bind('remark')} autoComplete="off" />
      </Field>
    </FormSection>
  );
}
