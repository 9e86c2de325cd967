import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { Textarea } from '../ui/input';

let pendingText: string | null = null;
const listeners = new Set<() => void>();

/** Shows the "copy by hand" dialog (clipboard failure). */
export function openManualCopy(text: string): void {
  pendingText = text;
  listeners.forEach((l) => l());
}

function close() {
  pendingText = null;
  listeners.forEach((l) => l());
}

export function ManualCopyDialog() {
  const { t } = useTranslation();
  const text = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pendingText,
    () => null,
  );
  return (
    <Dialog open={text !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('common.copyFailed')}</DialogTitle>
          <DialogDescription>{t('common.copyManually')}</DialogDescription>
        </DialogHeader>
        <Textarea readOnly value={text ?? ''} className="font-mono text-xs" rows={4} onFocus={(e) => e.currentTarget.select()} autoFocus />
      </DialogContent>
    </Dialog>
  );
}
