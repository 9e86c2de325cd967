import { SendHorizontalIcon, SquareIcon } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/input';

/** Enter sends, Shift+Enter adds a line (never while an IME is composing). */
export function Composer({ busy, disabled, onSend, onStop }: { busy: boolean; disabled: boolean; onSend: (text: string) => void; onStop: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = () => {
    if (!text.trim() || busy || disabled) return;
    onSend(text.trim());
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  return (
    <div className="flex items-end gap-2 border-t bg-background/80 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur">
      <Textarea value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} placeholder={t('playground.placeholder')} rows={2} className="max-h-48 min-h-11 resize-none" aria-label={t('playground.placeholder')} data-composer />
      {busy ? (
        <Button variant="outline" size="icon" className="size-11" onClick={onStop} aria-label={t('playground.stop')}>
          <SquareIcon />
        </Button>
      ) : (
        <Button size="icon" className="size-11" onClick={send} disabled={!text.trim() || disabled} aria-label={t('playground.send')} data-send>
          <SendHorizontalIcon />
        </Button>
      )}
    </div>
  );
}
