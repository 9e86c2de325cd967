import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EllipsisIcon, PencilIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Token } from '../../../../core/contracts/token';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { useOnline } from '../../lib/online-status';
import { setTokenStatus } from './api';
import { TokenChatMenu } from './token-chat-menu';

interface Props {
  token: Token;
  onEdit: (token: Token) => void;
  onDelete: (tokens: Token[]) => void;
}

/** Chat links, enable/disable (status-only update), edit, delete. Writes are disabled offline. */
export function TokenRowActions({ token, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const online = useOnline();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => setTokenStatus(token.id, token.status === 1 ? 2 : 1),
    onSuccess: () => toast.success(t('common.success')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tokens'] }),
  });
  const offlineTitle = online ? undefined : t('common.offlineAction');
  return (
    <div className="flex items-center justify-end gap-1">
      <TokenChatMenu tokenKey={token.key} enabled={token.status === 1} />
      <Button size="xs" variant="ghost" onClick={() => onEdit(token)} disabled={!online} title={offlineTitle} data-edit-token>
        <PencilIcon />
        <span className="sr-only sm:not-sr-only">{t('tokens.actions.edit')}</span>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="icon-sm" variant="ghost" aria-label={t('common.more')} disabled={!online} title={offlineTitle}>
            <EllipsisIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => toggle.mutate()} disabled={toggle.isPending}>
            {token.status === 1 ? <PowerOffIcon /> : <PowerIcon />}
            {token.status === 1 ? t('tokens.actions.disable') : t('tokens.actions.enable')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => onDelete([token])}>
            <Trash2Icon />
            {t('tokens.actions.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
