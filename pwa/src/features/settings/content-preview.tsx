import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { isFrameUrl, renderSafeMarkdown, sanitizeHtml } from '../../lib/sanitize-html';

/** Shows operator content the way the pages will: sanitized Markdown/HTML, or a note that a URL is framed. */
export function ContentPreview({ source, format }: { source: string; format: 'markdown' | 'html' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const framed = format === 'markdown' && isFrameUrl(source);
  const html = useMemo(() => (!open || framed ? '' : format === 'html' ? sanitizeHtml(source) : renderSafeMarkdown(source)), [open, framed, format, source]);
  return (
    <div className="grid justify-items-start gap-2">
      <Button type="button" variant="ghost" size="xs" onClick={() => setOpen(!open)} disabled={!source.trim()} data-content-preview-toggle>
        {open ? <EyeOffIcon /> : <EyeIcon />}
        {t(open ? 'settings.hidePreview' : 'settings.preview')}
      </Button>
      {open && source.trim() ? (
        <div className="w-full rounded-md border border-dashed bg-background/60 px-3 py-2" data-content-preview>
          {framed ? (
            <p className="text-[13px] text-muted-foreground">{t('settings.framedPreview', { url: source.trim() })}</p>
          ) : (
            <div className="prose-content" dangerouslySetInnerHTML={{ __html: html }} />
          )}
        </div>
      ) : null}
    </div>
  );
}
