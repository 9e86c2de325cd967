import { ShareIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIos, isStandalone } from '../../lib/install-prompt';
import { localStore } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';

/** iOS has no install prompt: a one-time "Share → Add to Home Screen" hint. */
export function IosInstallHint() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => isIos() && !isStandalone() && !localStore.get(storageKeys.iosInstallHintDismissed));
  if (!visible) return null;
  const dismiss = () => {
    localStore.set(storageKeys.iosInstallHintDismissed, '1');
    setVisible(false);
  };
  return (
    <div role="dialog" aria-label={t('pwa.iosHintTitle')} data-ios-hint className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-50 flex gap-3 rounded-xl border bg-popover p-3.5 shadow-xl sm:left-auto sm:w-96">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <ShareIcon className="size-5" />
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{t('pwa.iosHintTitle')}</p>
        <p className="mt-0.5 text-[13px] leading-5 text-muted-foreground">{t('pwa.iosHint')}</p>
      </div>
      <button type="button" onClick={dismiss} aria-label={t('common.close')} className="-m-1.5 flex size-11 items-center justify-center text-muted-foreground">
        <XIcon className="size-4" />
      </button>
    </div>
  );
}
