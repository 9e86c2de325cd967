import { TagIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Channel } from '../../../../core/contracts/channel';
import { Button } from '../../components/ui/button';
import { useOnline } from '../../lib/online-status';
import { BatchTagDialog } from './batch-tag-dialog';

/** Batch mode's actions on the selected channels: delete them, or set one tag on all of them. */
export function BatchActions({ selected, onDelete, onDone }: { selected: Channel[]; onDelete: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [tagging, setTagging] = useState(false);
  return (
    <>
      {selected.length > 0 ? <span className="text-[13px] text-muted-foreground">{t('common.selected', { count: selected.length })}</span> : null}
      <Button size="sm" variant="outline" className="text-destructive" disabled={!online} onClick={() => (selected.length ? onDelete() : toast.error(t('channels.noSelectionDelete')))} data-delete-selected>
        <Trash2Icon />
        {t('channels.deleteSelected')}
      </Button>
      <Button size="sm" variant="outline" disabled={!online} onClick={() => (selected.length ? setTagging(true) : toast.error(t('channels.noSelectionTag')))} data-batch-tag>
        <TagIcon />
        {t('channels.batchSetTag')}
      </Button>
      <BatchTagDialog open={tagging} ids={selected.map((c) => c.id)} onClose={() => setTagging(false)} onDone={onDone} />
    </>
  );
}
