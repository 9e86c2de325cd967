import { ExternalLinkIcon, MessagesSquareIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/skeleton';
import { chatLinkKind } from '../../lib/chat-link';
import { useChatLink } from './use-chat-link';

/** /chat/{id}: the configured chat app in a frame (app protocols are opened instead). */
export function ChatFramePage({ index }: { index: number }) {
  const { t } = useTranslation();
  const chat = useChatLink(index);
  const isApp = chat.state === 'ready' && chatLinkKind(chat.link) === 'app';
  useEffect(() => {
    if (chat.state === 'ready' && isApp) window.location.href = chat.link;
  }, [chat, isApp]);
  if (chat.state === 'loading') {
    return (
      <div className="flex flex-1 items-center justify-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('chat.loading')}
      </div>
    );
  }
  if (chat.state === 'error') return <EmptyState className="flex-1" icon={<MessagesSquareIcon />} title={t(chat.messageKey)} />;
  if (isApp) return <EmptyState className="flex-1" icon={<MessagesSquareIcon />} title={t('chat.redirecting')} />;
  return (
    <div className="flex h-[calc(100dvh-3.5rem)] flex-col" data-chat-frame>
      <div className="flex h-10 shrink-0 items-center gap-2 border-b px-3 text-[13px]">
        <MessagesSquareIcon className="size-4 text-primary" />
        <span className="font-medium">{chat.name}</span>
        <Button asChild size="xs" variant="ghost" className="ml-auto">
          <a href={chat.link} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon />
            {t('chat.openInNewTab')}
          </a>
        </Button>
      </div>
      <iframe src={chat.link} title={chat.name} className="min-h-0 w-full flex-1 border-0" allow="clipboard-read; clipboard-write; microphone" />
    </div>
  );
}
