import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';

/** Long text (prompts, failure reasons, task records) opens in a modal. */
export function TextPreviewDialog({ text, title, onClose, mono }: { text: string | null; title: string; onClose: () => void; mono?: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog open={text !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{t('common.details')}</DialogDescription>
        </DialogHeader>
        <pre className={`max-h-[60vh] overflow-auto rounded-lg bg-muted p-3 text-xs leading-5 whitespace-pre-wrap break-words ${mono ? 'font-mono' : 'font-sans'}`}>{text}</pre>
      </DialogContent>
    </Dialog>
  );
}

/** A one-line cell that opens the full text when clicked. */
export function TruncatedText({ text, onOpen }: { text: string; onOpen: (text: string) => void }) {
  if (!text) return <span className="text-muted-foreground">—</span>;
  return (
    <button type="button" data-compact onClick={() => onOpen(text)} className="block max-w-[220px] truncate text-left hover:text-primary" title={text}>
      {text}
    </button>
  );
}
