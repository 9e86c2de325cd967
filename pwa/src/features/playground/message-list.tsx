import { BotIcon, UserRoundIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import type { PlaygroundMessage } from './chat-state';

function Bubble({ message }: { message: PlaygroundMessage }) {
  const { t } = useTranslation();
  const mine = message.role === 'user';
  return (
    <div className={cn('flex gap-3', mine && 'flex-row-reverse')} data-message data-status={message.status} data-role={message.role}>
      <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', mine ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground')}>
        {mine ? <UserRoundIcon className="size-4" /> : <BotIcon className="size-4" />}
      </span>
      <div
        className={cn(
          'max-w-[min(80%,720px)] rounded-2xl px-3.5 py-2.5 text-sm leading-6 whitespace-pre-wrap break-words shadow-xs',
          mine ? 'rounded-tr-sm bg-primary text-primary-foreground' : 'rounded-tl-sm border bg-card',
          message.status === 'error' && 'border-destructive/40 bg-destructive/5 text-destructive',
        )}
      >
        {message.status === 'loading' ? (
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <span className="size-1.5 animate-bounce rounded-full bg-current" />
            <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:120ms]" />
            <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:240ms]" />
            <span className="sr-only">{t('playground.loading')}</span>
          </span>
        ) : (
          message.content
        )}
        {message.status === 'incomplete' ? <span className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-[caret-blink_1s_infinite] bg-current" /> : null}
      </div>
    </div>
  );
}

export function MessageList({ messages, empty }: { messages: PlaygroundMessage[]; empty: ReactNode }) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, last?.content]);
  if (messages.length === 0) return <>{empty}</>;
  return (
    <div className="grid gap-4 p-4" data-messages>
      {messages.map((m) => (
        <Bubble key={m.id} message={m} />
      ))}
      <div ref={end} />
    </div>
  );
}
