import { useMemo } from 'react';
import { isFrameUrl, renderSafeMarkdown } from '../../lib/sanitize-html';

/** Operator content: a bare URL is shown in a sandboxed frame, anything else as sanitised Markdown/HTML. */
export function OperatorContent({ source, title }: { source: string; title: string }) {
  const html = useMemo(() => (isFrameUrl(source) ? '' : renderSafeMarkdown(source)), [source]);
  if (isFrameUrl(source)) {
    return <iframe src={source.trim()} title={title} sandbox="allow-scripts allow-popups allow-forms" className="min-h-[calc(100dvh-3.5rem)] w-full flex-1 border-0" />;
  }
  return <div className="prose-content mx-auto w-full max-w-4xl px-4 py-8 sm:px-6" dangerouslySetInnerHTML={{ __html: html }} />;
}
