import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { MultiSelect } from '../../../components/ui/multi-select';
import { groupsQuery } from '../../users/queries';
import type { SectionProps } from './channel-form-api';
import { FormSection } from './form-section';

/** The user groups that may use the channel. */
export function GroupsSection({ form }: SectionProps) {
  const { t } = useTranslation();
  const groups = useQuery(groupsQuery()).data ?? [];
  const options = [...new Set([...form.values.groups, ...groups])];
  return (
    <FormSection title={t('channels.columns.group')} data="groups">
      <Field label={t('channels.columns.group')} hint={t('channels.form.groupsHint')}>
        <div data-channel-groups>
          <MultiSelect options={options} value={form.values.groups} onChange={(next) => form.set('groups', next)} placeholder={t('channels.form.groupsPlaceholder')} searchPlaceholder={t('channels.form.groupsPlaceholder')} />
        </div>
      </Field>
    </FormSection>
  );
}
