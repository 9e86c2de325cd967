import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Slider } from '../../components/ui/slider';
import { userGroupsQuery, userModelsQuery } from '../account/queries';
import type { PlaygroundSettings } from './stream-chat';

const USER_GROUP = '__user__';

/** Group, model, temperature (0.1–1, step 0.1), max tokens (integer, 0 = unset), system prompt. */
export function PlaygroundSettingsPanel({ value, onChange }: { value: PlaygroundSettings; onChange: (next: PlaygroundSettings) => void }) {
  const { t } = useTranslation();
  const groups = useQuery(userGroupsQuery());
  const models = useQuery(userModelsQuery());
  const set = <K extends keyof PlaygroundSettings>(key: K, v: PlaygroundSettings[K]) => onChange({ ...value, [key]: v });
  return (
    <div className="grid gap-4" data-playground-settings>
      <Field label={t('playground.group')}>
        <Select value={value.group || USER_GROUP} onValueChange={(g) => set('group', g === USER_GROUP ? '' : g)}>
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={USER_GROUP}>{t('playground.userGroup')}</SelectItem>
            {Object.entries(groups.data ?? {}).map(([name, info]) => (
              <SelectItem key={name} value={name}>
                {name} · {info.desc}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field label={t('playground.model')} hint={models.data && models.data.length === 0 ? t('playground.noModels') : undefined}>
        <Select value={value.model || undefined} onValueChange={(m) => set('model', m)}>
          <SelectTrigger data-model-select>
            <SelectValue placeholder={t('playground.modelPlaceholder')} />
          </SelectTrigger>
          <SelectContent>
            {(models.data ?? []).map((m) => (
              <SelectItem key={m} value={m}>
                {m}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field label={<span className="flex w-full justify-between">{t('playground.temperature')}<span className="font-mono text-muted-foreground">{value.temperature.toFixed(1)}</span></span>}>
        <Slider min={0.1} max={1} step={0.1} value={[Math.max(0.1, value.temperature)]} onValueChange={([v]) => set('temperature', Math.round((v ?? 0.1) * 10) / 10)} aria-label={t('playground.temperature')} />
      </Field>
      <Field label={t('playground.maxTokens')} hint={t('playground.maxTokensHint')} htmlFor="pg-max-tokens">
        <Input id="pg-max-tokens" type="number" min={0} step={1} value={value.maxTokens} onChange={(e) => set('maxTokens', Math.max(0, Math.floor(Number(e.target.value) || 0)))} />
      </Field>
      <Field label={t('playground.systemPrompt')} htmlFor="pg-system">
        <Textarea id="pg-system" rows={5} value={value.systemPrompt} onChange={(e) => set('systemPrompt', e.target.value)} />
      </Field>
    </div>
  );
}
