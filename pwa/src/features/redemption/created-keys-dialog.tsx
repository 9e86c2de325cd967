import { CopyIcon, DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useCopy } from '../../hooks/use-copy';
import { downloadText } from '../../lib/download-text';

export interface CreatedBatch {
  name: string;
  keys: string[];
}

/** new-api names the file after the batch; path separators would make the browser refuse it. */
export const batchFileName = (name: string) => `${name.replace(/[\\/:*?"<>|]/g, '_') || 'redemption'}.txt`;

/**
 * The one time new keys are shown in full: copy them all or download them as a text file, one key a line.
 * They live only in this component's props; the list and the offline cache only ever hold them masked.
 */
export function CreatedKeysDialog({ batch, onClose }: { batch: CreatedBatch | null; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const text = batch ? `${batch.keys.join('\n')}\n` : '';
  return (
    <Dialog open={batch !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-created-keys>
        <DialogHeader>
          <DialogTitle>{t('redemptions.created.title')}</DialogTitle>
          <DialogDescription>{t('redemptions.created.description', { count: batch?.keys.length ?? 0 })}</DialogDescription>
        </DialogHeader>
        <ol className="max-h-64 overflow-y-auto rounded-md border bg-muted/40 p-2 font-mono text-xs leading-6 break-all" data-created-key-list>
          {batch?.keys.map((key) => (
            <li key={key}>{key}</li>
          ))}
        </ol>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button variant="outline" onClick={() => downloadText(text, batchFileName(batch?.name ?? ''))} data-download-keys>
            <DownloadIcon />
            {t('redemptions.created.download')}
          </Button>
          <Button onClick={() => void copy(text.trimEnd())} data-copy-created>
            <CopyIcon />
            {t('redemptions.created.copyAll')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
