import { MessagesSquareIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/skeleton';
import { useChatLink } from './use-chat-link';

/** /chat2link: straight to the chat link with the key and server address filled in. */
export function ChatRedirectPage({ index }: { index: number }) {
  const { t } = useTranslation();
  const chat = useChatLink(index);
  useEffect(() => {
    if (chat.state === 'ready') window.location.replace(chat.link);
  }, [chat]);
  if (chat.state === 'error') return <EmptyState className="flex-1" icon={<MessagesSquareIcon />} title={t(chat.messageKey)} />;
  return (
    <div className="flex flex-1 items-center justify-center gap-2 py-24 text-sm text-muted-foreground">
      <Spinner />
      {t('chat.redirecting')}
    </div>
  );
}
