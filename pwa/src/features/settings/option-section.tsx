import { Loader2Icon, SaveIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useOnline } from '../../lib/online-status';
import type { OptionMap } from './api';
import { OptionField } from './option-field';
import type { FieldDef, SwitchDef } from './option-fields';
import { OptionSwitch } from './option-switch';
import { boolOption } from './option-values';
import { useOptionSection, type SectionHooks } from './use-option-section';

export interface SectionDef {
  /** data-settings-section value (browser tests find the card by it). */
  id: string;
  title: string;
  description?: string;
  switches?: readonly SwitchDef[];
  fields?: readonly FieldDef[];
  saveLabel?: string;
}

interface Props {
  def: SectionDef;
  options: OptionMap;
  hooks?: SectionHooks;
  /** Extra content under the switches and fields (e.g. the log clean-up form). */
  children?: ReactNode;
}

/** A settings card: switches that save at once, then the fields and their save button. */
export function OptionSection({ def, options, hooks, children }: Props) {
  const { t } = useTranslation();
  return (
    <Card data-settings-section={def.id}>
      <CardHeader>
        <CardTitle>{t(def.title)}</CardTitle>
        {def.description ? <CardDescription>{t(def.description)}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {def.switches?.length ? (
          <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
            {def.switches.map((s) => (
              <OptionSwitch key={s.key} def={s} options={options} />
            ))}
          </div>
        ) : null}
        {def.fields?.length ? <SectionForm fields={def.fields} options={options} hooks={hooks} saveLabel={def.saveLabel} /> : null}
        {children}
      </CardContent>
    </Card>
  );
}

export function SectionForm({ fields, options, hooks, saveLabel }: { fields: readonly FieldDef[]; options: OptionMap; hooks?: SectionHooks; saveLabel?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const form = useOptionSection(fields, options, hooks);
  return (
    <form onSubmit={form.submit} noValidate className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {fields.map((f) => (
        <OptionField
          key={f.key}
          field={f}
          value={form.values[f.key] ?? ''}
          onChange={(v) => form.set(f.key, v)}
          error={form.error(f.key)}
          disabled={f.enabledBy ? !boolOption(options[f.enabledBy]) : false}
        />
      ))}
      <div className="sm:col-span-2 xl:col-span-3">
        <Button type="submit" className="mobile:w-full" disabled={form.saving || !online} data-save-section>
          {form.saving ? <Loader2Icon className="animate-spin" /> : <SaveIcon />}
          {t(saveLabel ?? 'settings.save')}
        </Button>
      </div>
    </form>
  );
}
