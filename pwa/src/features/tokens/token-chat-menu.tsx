import { MessagesSquareIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { buildChatLink, chatLinkKind, parseChats, sendsKeyToThirdParty } from '../../lib/chat-link';
import { isMaskedKey } from '../../lib/secret-scrub';
import { useSiteStatus } from '../status/queries';

/** Web links open in a new tab, chat-app links open the app; any other scheme is never navigated to. */
export function openChatLink(link: string) {
  const kind = chatLinkKind(link);
  if (kind === 'web') window.open(link, '_blank', 'noopener,noreferrer');
  else if (kind === 'app') window.location.href = link;
}

/** Chat entries from the `Chats` option, for an enabled token; third-party web hosts need a confirmation. */
export function TokenChatMenu({ tokenKey, enabled }: { tokenKey: string; enabled: boolean }) {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const chats = parseChats(status.chats);
  const [pending, setPending] = useState<string | null>(null);
  if (chats.length === 0) return null;
  const choose = (template: string) => {
    const link = buildChatLink(template, tokenKey, status.server_address || window.location.origin);
    if (chatLinkKind(link) === 'refused') {
      toast.error(t('chat.configError'));
      return;
    }
    if (sendsKeyToThirdParty(link, window.location.origin)) setPending(link);
    else openChatLink(link);
  };
  const host = pending ? new URL(pending).host : '';
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="xs" variant="outline" disabled={!enabled || isMaskedKey(tokenKey)} data-chat-menu>
            <MessagesSquareIcon />
            {t('tokens.actions.chat')}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {chats.map((c) => (
            <DropdownMenuItem key={c.name} onSelect={() => choose(c.template)}>
              {c.name}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog open={pending !== null} onOpenChange={(o) => (o ? undefined : setPending(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('tokens.chatConfirmTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{t('tokens.chatConfirmBody', { host })}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
            <AlertDialogAction onClick={() => pending && openChatLink(pending)}>{t('tokens.chatOpen')}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
