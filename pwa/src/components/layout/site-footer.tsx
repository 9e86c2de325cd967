import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../features/status/queries';
import { sanitizeHtml } from '../../lib/sanitize-html';

/** Custom footer HTML (option Footer), otherwise a default credit line. */
export function SiteFooter() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const custom = status.footer_html?.trim();
  const html = useMemo(() => (custom ? sanitizeHtml(custom) : ''), [custom]);
  return (
    <footer className="border-t px-4 py-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-center text-xs text-muted-foreground">
      {custom ? (
        <div className="prose-content text-xs leading-5" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p>
          {t('footer.credit', { name: status.system_name || 'Ferryman', version: status.version || '' })}
          <span className="mx-1.5">·</span>
          {t('footer.license')}
        </p>
      )}
    </footer>
  );
}
