import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Switch } from '../../components/ui/switch';
import { useOnline } from '../../lib/online-status';
import type { OptionMap } from './api';
import type { SwitchDef } from './option-fields';
import { boolOption } from './option-values';
import { useSaveOptions } from './queries';
import { notifySaveOutcome } from './save-outcome';

export const optionInputId = (key: string) => `option-${key.replace(/[^\w-]/g, '-')}`;

/** A boolean option saved the moment it is switched ("true"/"false"); it shows the server's value otherwise. */
export function OptionSwitch({ def, options }: { def: SwitchDef; options: OptionMap }) {
  const { t } = useTranslation();
  const online = useOnline();
  const save = useSaveOptions();
  const [confirming, setConfirming] = useState(false);
  const stored = boolOption(options[def.key]);
  const shown = save.isPending && save.variables ? save.variables[0]?.value === 'true' : stored;

  const commit = async (next: boolean) => {
    setConfirming(false);
    if (!navigator.onLine) {
      toast.error(t('common.offlineAction'));
      return;
    }
    notifySaveOutcome(await save.mutateAsync([{ key: def.key, value: String(next) }]), 'common.updateSuccess');
  };
  const onChange = (next: boolean) => {
    if (!next && def.confirmOff) setConfirming(true);
    else void commit(next);
  };

  const id = optionInputId(def.key);
  return (
    <div className="flex items-start justify-between gap-3 rounded-md border bg-background/40 px-3 py-2.5" data-option-switch={def.key}>
      <label htmlFor={id} className="grid cursor-pointer gap-0.5 text-sm leading-5">
        <span className="font-medium">{t(def.label)}</span>
        {def.hint ? <span className="text-xs text-muted-foreground">{t(def.hint)}</span> : null}
      </label>
      <Switch id={id} className="mt-0.5" checked={shown} disabled={save.isPending || !online} onCheckedChange={onChange} data-option={def.key} />
      {def.confirmOff ? (
        <ConfirmDialog open={confirming} onOpenChange={setConfirming} title={t(def.confirmOff.title)} description={t(def.confirmOff.description)} destructive onConfirm={() => void commit(false)} />
      ) : null}
    </div>
  );
}
