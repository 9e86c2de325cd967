import { useQuery } from '@tanstack/react-query';
import { BotMessageSquareIcon, BrushCleaningIcon, SlidersHorizontalIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '../../components/ui/sheet';
import { useIsMobile } from '../../lib/use-media-query';
import { userModelsQuery } from '../account/queries';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { PlaygroundSettingsPanel } from './playground-settings';
import type { PlaygroundSettings } from './stream-chat';
import { usePlaygroundChat } from './use-playground-chat';

export const DEFAULT_MODEL = 'gpt-4o-mini';

export function PlaygroundPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const models = useQuery(userModelsQuery());
  const [settings, setSettings] = useState<PlaygroundSettings>({ model: '', group: '', temperature: 0, maxTokens: 0, systemPrompt: t('playground.defaultSystemPrompt') });
  const [panelOpen, setPanelOpen] = useState(false);
  const chat = usePlaygroundChat(settings);
  useEffect(() => {
    const list = models.data ?? [];
    if (!settings.model && list.length > 0) setSettings((s) => ({ ...s, model: list.includes(DEFAULT_MODEL) ? DEFAULT_MODEL : (list[0] ?? '') }));
  }, [models.data, settings.model]);
  const panel = <PlaygroundSettingsPanel value={settings} onChange={setSettings} />;
  return (
    <div className="flex h-[calc(100dvh-3.5rem)] min-h-0 flex-1" data-playground>
      {isMobile ? null : <aside className="w-72 shrink-0 overflow-y-auto border-r bg-card/50 p-4">{panel}</aside>}
      <section className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-12 shrink-0 items-center gap-2 border-b px-4">
          <BotMessageSquareIcon className="size-4 text-primary" />
          <h1 className="text-sm font-semibold">{t('playground.title')}</h1>
          <span className="truncate font-mono text-xs text-muted-foreground">{settings.model}</span>
          <div className="ml-auto flex gap-1">
            {isMobile ? (
              <Button size="sm" variant="outline" onClick={() => setPanelOpen(true)}>
                <SlidersHorizontalIcon />
                {t('playground.showSettings')}
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={() => (chat.clear(), toast.success(t('playground.cleared')))} disabled={chat.messages.length === 0} data-clear-context>
              <BrushCleaningIcon />
              <span className="mobile:sr-only">{t('playground.clear')}</span>
            </Button>
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <MessageList messages={chat.messages} empty={<EmptyState className="h-full" icon={<BotMessageSquareIcon />} title={t('playground.empty')} description={t('playground.emptyHint')} />} />
        </div>
        <Composer busy={chat.busy} disabled={!settings.model} onSend={(text) => void chat.send(text)} onStop={chat.stop} />
      </section>
      {isMobile ? (
        <Sheet open={panelOpen} onOpenChange={setPanelOpen}>
          <SheetContent side="bottom">
            <SheetHeader>
              <SheetTitle>{t('playground.settings')}</SheetTitle>
              <SheetDescription className="sr-only">{t('playground.settings')}</SheetDescription>
            </SheetHeader>
            <SheetBody>{panel}</SheetBody>
          </SheetContent>
        </Sheet>
      ) : null}
    </div>
  );
}
