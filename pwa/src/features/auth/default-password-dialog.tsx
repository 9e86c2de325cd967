import { TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';

/** Root signed in with the default password (123456): change it now. */
export function DefaultPasswordDialog({ open, onChangeNow, onLater }: { open: boolean; onChangeNow: () => void; onLater: () => void }) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={open}>
      <AlertDialogContent data-default-password-warning>
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2 text-amber-600">
            <TriangleAlertIcon className="size-5" />
            {t('login.defaultPasswordTitle')}
          </AlertDialogTitle>
          <AlertDialogDescription>{t('login.defaultPasswordBody')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onLater}>{t('login.later')}</AlertDialogCancel>
          <AlertDialogAction onClick={onChangeNow}>{t('login.changeNow')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
