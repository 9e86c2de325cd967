import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { OptionMap } from '../../api';
import { useSaveOptions } from '../../queries';
import { notifySaveOutcome } from '../../save-outcome';
import { priceMapChanges, type PriceMaps } from './price-maps';

/** Saves the price maps that changed (one PUT each), or says 你似乎并没有修改什么. */
export function useApplyPriceMaps(options: OptionMap) {
  const { t } = useTranslation();
  const save = useSaveOptions();
  const apply = async (maps: PriceMaps) => {
    if (save.isPending) {
      toast.error(t('form.duplicateSubmit'));
      return;
    }
    if (!navigator.onLine) {
      toast.error(t('common.offlineAction'));
      return;
    }
    const changes = priceMapChanges(maps, options);
    if (changes.length === 0) {
      toast.warning(t('settings.noChange'));
      return;
    }
    notifySaveOutcome(await save.mutateAsync(changes));
  };
  return { apply, applying: save.isPending };
}
