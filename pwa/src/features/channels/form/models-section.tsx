import { useQuery } from '@tanstack/react-query';
import { CloudDownloadIcon, PlusIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { MultiSelect } from '../../../components/ui/multi-select';
import { notifyError } from '../../../lib/notify-error';
import { fetchChannelModels, fetchUpstreamModels } from '../api';
import { addCustomModels, stripTrailingSlash } from '../channel-form-schema';
import { enabledModelsQuery } from '../queries';
import type { SectionProps } from './channel-form-api';
import { FormSection } from './form-section';

/** Models (picked, fetched from the upstream, or typed), the test model and the model mapping. */
export function ModelsSection({ form, creating, channelId }: SectionProps & { channelId: number | null }) {
  const { t } = useTranslation();
  const enabled = useQuery(enabledModelsQuery()).data ?? [];
  const [fetched, setFetched] = useState<string[]>([]);
  const [fetching, setFetching] = useState(false);
  const [custom, setCustom] = useState('');
  const { values } = form;
  const options = [...new Set([...values.models, ...fetched, ...enabled])];

  const fetchModels = async () => {
    const key = values.key.trim();
    if (creating && !key) return void toast.error(t('channels.errors.keyForFetch'));
    setFetching(true);
    try {
      const names = key || channelId === null ? await fetchUpstreamModels({ base_url: stripTrailingSlash(values.base_url), type: Number(values.type), key }) : await fetchChannelModels(channelId);
      setFetched(names);
      form.set('models', [...new Set([...values.models, ...names])]);
      toast.success(t('channels.form.fetchSuccess'));
    } catch (e) {
      notifyError(e, 'channels.form.fetchFailed');
    } finally {
      setFetching(false);
    }
  };
  const addCustom = () => {
    const next = addCustomModels(values.models, custom);
    if (!next) return void toast.error(t('channels.errors.modelExists'));
    form.set('models', next);
    setCustom('');
  };
  return (
    <FormSection title={t('channels.form.models')} data="models">
      <Field label={t('channels.form.models')} required error={form.error('models')}>
        <div data-channel-models>
          <MultiSelect options={options} value={values.models} onChange={(models) => form.set('models', models)} placeholder={t('channels.form.modelsPlaceholder')} searchPlaceholder={t('channels.searchModel')} />
        </div>
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => void fetchModels()} disabled={fetching} data-fetch-models>
          <CloudDownloadIcon />
          {t('channels.form.fetchModels')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => form.set('models', [])} disabled={values.models.length === 0}>
          <XIcon />
          {t('channels.form.clearModels')}
        </Button>
      </div>
      <div className="flex gap-2">
        <Input value={custom} onChange={(e) => setCustom(e.target.value)} placeholder={t('channels.form.customModels')} aria-label={t('channels.form.customModels')} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addCustom())} />
        <Button type="button" variant="outline" onClick={addCustom} disabled={!custom.trim()} data-add-custom-models>
          <PlusIcon />
          {t('channels.form.addCustom')}
        </Button>
      </div>
      <Field label={t('channels.form.testModel')} htmlFor="channel-test-model" hint={t('channels.form.testModelHint')}>
        <Input id="channel-test-model" {...form.bind('test_model')} autoComplete="off" />
      </Field>
      <Field label={t('channels.form.modelMapping')} htmlFor="channel-model-mapping" hint={t('channels.form.modelMappingHint')} error={form.error('model_mapping')}>
        <Textarea id="channel-model-mapping" rows={3} className="font-mono text-xs" {...form.bind('model_mapping')} placeholder='{"gpt-3.5-turbo": "gpt-4o-mini"}' />
      </Field>
    </FormSection>
  );
}
