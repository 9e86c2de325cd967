import { useTranslation } from 'react-i18next';
import { channelTypeOf, VERTEX_CHANNEL_TYPE } from '../../../../../core/contracts/channel-types';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/input';
import { RadioGroup, RadioGroupItem } from '../../../components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import type { KeyMode } from '../channel-form-schema';
import type { SectionProps } from './channel-form-api';
import { FormSection } from './form-section';

const KEY_MODES: KeyMode[] = ['single', 'batch', 'multi_to_single'];

/** The key with the type's format hint; on create, one key, a channel per line, or one multi-key channel. */
export function KeySection({ form, creating, multiKey }: SectionProps & { multiKey: boolean }) {
  const { t } = useTranslation();
  const type = Number(form.values.type);
  const hint = type === VERTEX_CHANNEL_TYPE ? t('channels.form.vertexKeyHint') : channelTypeOf(type)?.keyHint;
  const manyLines = form.values.key_mode !== 'single';
  const placeholder = [hint ?? t('channels.form.keyPlaceholder'), manyLines ? t('channels.form.onePerLine') : '', creating ? '' : t('channels.form.keyKeep')].filter(Boolean).join(' · ');
  return (
    <FormSection title={t('channels.form.key')} data="key">
      {creating ? (
        <RadioGroup value={form.values.key_mode} onValueChange={(v) => form.set('key_mode', v as KeyMode)} className="flex flex-wrap gap-4" aria-label={t('channels.form.keyMode')}>
          {KEY_MODES.map((mode) => (
            <span key={mode} className="flex items-center gap-1.5">
              <RadioGroupItem id={`key-mode-${mode}`} value={mode} />
              <Label htmlFor={`key-mode-${mode}`} className="font-normal">
                {t(`channels.form.keyModes.${mode}`)}
              </Label>
            </span>
          ))}
        </RadioGroup>
      ) : null}
      <Field label={t('channels.form.key')} htmlFor="channel-key" required={creating} hint={hint ? t('channels.form.keyFormat', { format: hint }) : undefined} error={form.error('key')}>
        <Textarea id="channel-key" rows={manyLines || type === VERTEX_CHANNEL_TYPE ? 5 : 2} className="font-mono text-xs" {...form.bind('key')} placeholder={placeholder} autoComplete="off" spellCheck={false} />
      </Field>
      {form.values.key_mode === 'multi_to_single' || multiKey ? (
        <Field label={t('channels.form.multiKeyMode')} htmlFor="channel-multi-key-mode">
          <Select value={form.values.multi_key_mode} onValueChange={(v) => form.set('multi_key_mode', v === 'polling' ? 'polling' : 'random')}>
            <SelectTrigger id="channel-multi-key-mode">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="random">{t('channels.form.multiKeyModes.random')}</SelectItem>
              <SelectItem value="polling">{t('channels.form.multiKeyModes.polling')}</SelectItem>
            </SelectContent>
          </Select>
        </Field>
      ) : null}
    </FormSection>
  );
}
