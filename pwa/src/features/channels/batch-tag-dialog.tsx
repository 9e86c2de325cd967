import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { useBatchSetTag } from './queries';

/** Sets one non-empty tag on the selected channels. */
export function BatchTagDialog({ open, ids, onClose, onDone }: { open: boolean; ids: number[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [tag, setTag] = useState('');
  const setBatchTag = useBatchSetTag();
  const close = () => (setTag(''), onClose());
  const submit = () => {
    if (ids.length === 0) return void toast.error(t('channels.noSelectionTag'));
    if (!tag.trim()) return void toast.error(t('channels.tagRequired'));
    setBatchTag.mutate(
      { ids, tag: tag.trim() },
      { onSuccess: (count) => (toast.success(t('channels.tagSet', { count }), { duration: 3000 }), onDone(), close()) },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent data-batch-tag-dialog>
        <DialogHeader>
          <DialogTitle>{t('channels.batchSetTag')}</DialogTitle>
          <DialogDescription>{t('channels.batchTagHint', { count: ids.length })}</DialogDescription>
        </DialogHeader>
        <Input value={tag} onChange={(e) => setTag(e.target.value)} placeholder={t('channels.tagPlaceholder')} aria-label={t('channels.columns.tag')} autoFocus />
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={setBatchTag.isPending} data-batch-tag-submit>
            {t('common.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
