import type { ChatContentPart } from '../openai/chat-types.js';
import type { ClaudeDocumentSource, KnownClaudeBlock } from './claude-request-schema.js';

/**
 * Claude's user-side media blocks as chat content parts: text (empty text is dropped, upstreams refuse
 * it), images as data URLs or plain URLs, PDFs as file parts, plain-text documents as text. A source
 * chat cannot point at (a Files API id, a PDF by URL) is left out.
 */
export function claudeBlocksToChatParts(blocks: readonly KnownClaudeBlock[]): ChatContentPart[] {
  const parts: ChatContentPart[] = [];
  for (const b of blocks) {
    if (b.type === 'text') {
      if (b.text) parts.push({ type: 'text', text: b.text, ...(b.cache_control ? { cache_control: b.cache_control } : {}) });
    } else if (b.type === 'image') {
      if (b.source.type === 'base64') parts.push({ type: 'image_url', image_url: { url: dataUrl(b.source.media_type, b.source.data) } });
      else if (b.source.type === 'url') parts.push({ type: 'image_url', image_url: { url: b.source.url } });
    } else if (b.type === 'document') {
      parts.push(...documentParts(b.source, b.title ?? undefined));
    }
  }
  return parts;
}

const dataUrl = (mediaType: string, data: string) => `data:${mediaType};base64,${data}`;

function documentParts(source: ClaudeDocumentSource, title: string | undefined): ChatContentPart[] {
  switch (source.type) {
    case 'base64':
      return [{ type: 'file', file: { filename: title || 'document.pdf', file_data: dataUrl(source.media_type, source.data) } }];
    case 'text':
      return source.data ? [{ type: 'text', text: source.data }] : [];
    case 'content':
      if (typeof source.content === 'string') return source.content ? [{ type: 'text', text: source.content }] : [];
      return source.content.flatMap((c) => (typeof c.text === 'string' && c.text ? [{ type: 'text' as const, text: c.text }] : []));
    default:
      return [];
  }
}
