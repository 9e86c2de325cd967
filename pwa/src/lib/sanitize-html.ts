import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** Operator content (notice, home, about, footer) is Markdown or HTML; render it without scripts. */
export function renderSafeMarkdown(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: true });
  return sanitizeHtml(html);
}

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'script', 'iframe', 'form', 'input', 'button', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
}

/** A bare http(s) URL is shown in a sandboxed frame instead of being rendered as text. */
export function isFrameUrl(source: string): boolean {
  return /^https?:\/\/\S+$/i.test(source.trim());
}

let hooked = false;
/** Links from operator content open in a new tab without opener access. */
export function installLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}
