import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { endsWithV1 } from '../channel-form-schema';
import type { SectionProps } from './channel-form-api';
import { FormSection } from './form-section';

/** Base URL (warned about a trailing /v1), `other` (version, region, …) and the OpenAI organisation. */
export function ApiSection({ form }: SectionProps) {
  const { t } = useTranslation();
  const v1 = endsWithV1(form.values.base_url);
  return (
    <FormSection title={t('channels.form.api')} data="api">
      <Field label={t('channels.form.baseUrl')} htmlFor="channel-base-url" hint={v1 ? <span className="text-amber-600 dark:text-amber-400">{t('channels.form.v1Warning')}</span> : t('channels.form.baseUrlHint')}>
        <Input id="channel-base-url" inputMode="url" {...form.bind('base_url')} placeholder="https://api.example.com" autoComplete="off" data-v1-warning={v1 || undefined} />
      </Field>
      <Field label={t('channels.form.other')} htmlFor="channel-other" hint={t('channels.form.otherHint')}>
        <Input id="channel-other" {...form.bind('other')} autoComplete="off" />
      </Field>
      {form.values.type === '1' ? (
        <Field label={t('channels.form.organization')} htmlFor="channel-org">
          <Input id="channel-org" {...form.bind('openai_organization')} placeholder="org-…" autoComplete="off" />
        </Field>
      ) : null}
    </FormSection>
  );
}
