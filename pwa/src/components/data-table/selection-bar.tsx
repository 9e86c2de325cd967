import { CopyIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCopy } from '../../hooks/use-copy';
import { cn } from '../../lib/class-names';
import { Button } from '../ui/button';

interface Props {
  /** Selected rows on this page. */
  count: number;
  /** Shown when a bulk action is pressed with nothing selected (请至少选择一个…！). */
  emptyMessage: string;
  /** Copies the text of the selected rows. */
  copy?: { label: string; text: () => string; disabled?: boolean };
  remove?: { label: string; onClick: () => void; disabled?: boolean };
}

/** Copy and delete for the selected rows, with their count; on phones it appears once something is selected. */
export function SelectionBar({ count, emptyMessage, copy, remove }: Props) {
  const { t } = useTranslation();
  const copyText = useCopy();
  const guarded = (action: () => void) => () => (count === 0 ? toast.error(emptyMessage) : action());
  return (
    <div className={cn('flex flex-wrap items-center gap-2', count === 0 && 'mobile:hidden')} data-selection-bar>
      {count > 0 ? <span className="text-[13px] text-muted-foreground">{t('common.selected', { count })}</span> : null}
      {copy ? (
        <Button variant="outline" size="sm" disabled={copy.disabled} onClick={guarded(() => void copyText(copy.text()))} data-copy-selected>
          <CopyIcon />
          {copy.label}
        </Button>
      ) : null}
      {remove ? (
        <Button variant="outline" size="sm" className="text-destructive" disabled={remove.disabled} onClick={guarded(remove.onClick)} data-delete-selected>
          <Trash2Icon />
          {remove.label}
        </Button>
      ) : null}
    </div>
  );
}
