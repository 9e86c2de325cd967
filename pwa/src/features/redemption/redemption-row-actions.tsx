import { EllipsisIcon, PencilIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { REDEMPTION_STATUS, type Redemption } from '../../../../core/contracts/redemption';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { useOnline } from '../../lib/online-status';
import { useSetRedemptionStatus } from './queries';
import { canEditRedemption, canToggleRedemption } from './redemption-status';

interface Props {
  code: Redemption;
  onEdit: (code: Redemption) => void;
  onDelete: (codes: Redemption[]) => void;
}

/** Edit (unused codes only), enable/disable (never for a used code), delete. Writes are disabled offline. */
export function RedemptionRowActions({ code, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const online = useOnline();
  const setStatus = useSetRedemptionStatus();
  const unused = code.status === REDEMPTION_STATUS.unused;
  const toggle = () =>
    setStatus.mutate({ id: code.id, status: unused ? REDEMPTION_STATUS.disabled : REDEMPTION_STATUS.unused }, { onSuccess: () => toast.success(t('common.success')) });
  const offlineTitle = online ? undefined : t('common.offlineAction');
  return (
    <div className="flex items-center justify-end gap-1">
      <Button size="xs" variant="ghost" onClick={() => onEdit(code)} disabled={!online || !canEditRedemption(code)} title={offlineTitle} data-edit-redemption>
        <PencilIcon />
        <span className="sr-only sm:not-sr-only">{t('common.edit')}</span>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="icon-sm" variant="ghost" aria-label={t('common.more')} disabled={!online} title={offlineTitle} data-redemption-menu>
            <EllipsisIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={toggle} disabled={setStatus.isPending || !canToggleRedemption(code)} data-toggle-redemption>
            {unused ? <PowerOffIcon /> : <PowerIcon />}
            {unused ? t('common.disable') : t('common.enable')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => onDelete([code])} data-delete-redemption>
            <Trash2Icon />
            {t('common.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
