import { PencilIcon, PowerIcon, PowerOffIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useOnline } from '../../lib/online-status';
import type { TagGroup } from './channel-view';
import { useSetTagEnabled } from './queries';

/** Enable all, disable all (each confirmed first) and the tag edit drawer. */
export function TagRowActions({ group, onEdit }: { group: TagGroup; onEdit: (group: TagGroup) => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const setEnabled = useSetTagEnabled();
  const [asking, setAsking] = useState<boolean | null>(null);
  const confirm = () =>
    asking !== null &&
    setEnabled.mutate({ tag: group.tag, enabled: asking }, { onSuccess: () => toast.success(t('common.success')), onSettled: () => setAsking(null) });
  return (
    <div className="flex items-center justify-end gap-1" onClick={(e) => e.stopPropagation()}>
      <Button size="xs" variant="ghost" disabled={!online} onClick={() => setAsking(true)} data-tag-enable>
        <PowerIcon />
        <span className="sr-only sm:not-sr-only">{t('channels.enableAll')}</span>
      </Button>
      <Button size="xs" variant="ghost" disabled={!online} onClick={() => setAsking(false)} data-tag-disable>
        <PowerOffIcon />
        <span className="sr-only sm:not-sr-only">{t('channels.disableAll')}</span>
      </Button>
      <Button size="xs" variant="ghost" disabled={!online} onClick={() => onEdit(group)} data-tag-edit>
        <PencilIcon />
        <span className="sr-only sm:not-sr-only">{t('common.edit')}</span>
      </Button>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking ? t('channels.enableAllConfirm', { tag: group.tag }) : t('channels.disableAllConfirm', { tag: group.tag })}
        description={t('channels.tagBulkHint', { count: group.channels.length })}
        pending={setEnabled.isPending}
        destructive={asking === false}
        onConfirm={confirm}
      />
    </div>
  );
}
