import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { copyText } from '../lib/clipboard';
import { openManualCopy } from '../components/layout/manual-copy-dialog';

/** Copies text with a success toast; when the clipboard refuses, a dialog shows the text to copy by hand. */
export function useCopy() {
  const { t } = useTranslation();
  return async (text: string, successMessage?: string): Promise<boolean> => {
    const ok = await copyText(text);
    if (ok) toast.success(successMessage ?? t('common.copied'));
    else openManualCopy(text);
    return ok;
  };
}
