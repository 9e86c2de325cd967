import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online-status';
import { Button } from '../ui/button';
import { DialogFooter } from '../ui/dialog';
import { SheetFooter } from '../ui/sheet';

interface Props {
  pending: boolean;
  onCancel: () => void;
  submitLabel?: string;
  /** Drawer footers sit on a border at the bottom of the sheet; dialog footers stack on phones. */
  inSheet?: boolean;
}

/** Cancel and submit for every admin form: submit is disabled while a request runs and while offline. */
export function FormFooter({ pending, onCancel, submitLabel, inSheet }: Props) {
  const { t } = useTranslation();
  const online = useOnline();
  const buttons = (
    <>
      <Button type="button" variant="outline" className="mobile:flex-1" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" className="mobile:flex-1" disabled={pending || !online} title={online ? undefined : t('common.offlineAction')} data-submit>
        {pending ? <Loader2Icon className="animate-spin" /> : null}
        {submitLabel ?? t('common.submit')}
      </Button>
    </>
  );
  return inSheet ? <SheetFooter>{buttons}</SheetFooter> : <DialogFooter className="mobile:flex-row">{buttons}</DialogFooter>;
}
