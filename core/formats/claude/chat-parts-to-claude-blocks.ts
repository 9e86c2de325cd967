import type { ChatContentPart } from '../openai/chat-types.js';
import type { KnownClaudeBlock } from './claude-request-schema.js';

const DATA_URL = /^data:([^;,]+)(?:;[^;,]*)*;base64,(.*)$/s;
const TEXT_FILE = /\.(txt|md|json|csv)$/i;

/**
 * Chat content parts as Claude blocks. A data URL becomes a base64 source and an http(s) URL Claude's own
 * `url` source: Anthropic fetches it itself, and for Bedrock and Vertex, which take base64 only, the relay
 * fetches it and swaps the source afterwards (core/relay/inline-images.ts). PDFs become documents and small
 * text files text; audio and file ids have no Claude form.
 */
export function chatPartsToClaudeBlocks(parts: readonly ChatContentPart[]): KnownClaudeBlock[] {
  const blocks: KnownClaudeBlock[] = [];
  for (const p of parts) {
    if (p.type === 'text') {
      if (p.text) blocks.push({ type: 'text', text: p.text, ...(p.cache_control ? { cache_control: p.cache_control as { type: string } } : {}) });
    } else if (p.type === 'image_url') {
      const source = imageSource(p.image_url.url);
      if (source) blocks.push({ type: 'image', source });
    } else if (p.type === 'file') {
      const block = fileBlock(p.file.file_data, p.file.filename);
      if (block) blocks.push(block);
    }
  }
  return blocks;
}

function imageSource(url: string): Extract<KnownClaudeBlock, { type: 'image' }>['source'] | null {
  const data = DATA_URL.exec(url);
  if (data) return { type: 'base64', media_type: data[1]!, data: data[2]! };
  return /^https?:\/\//i.test(url) ? { type: 'url', url } : null;
}

/** OpenAI's file_data is a data URL; some clients send bare base64 and name the type by the filename. */
function fileBlock(fileData: string | undefined, filename: string | undefined): KnownClaudeBlock | null {
  if (!fileData) return null;
  const data = DATA_URL.exec(fileData);
  const mediaType = data ? data[1]! : /\.pdf$/i.test(filename ?? '') ? 'application/pdf' : '';
  const base64 = data ? data[2]! : fileData;
  if (mediaType === 'application/pdf') {
    return { type: 'document', source: { type: 'base64', media_type: mediaType, data: base64 }, ...(filename ? { title: filename } : {}) };
  }
  if (mediaType.startsWith('text/') || TEXT_FILE.test(filename ?? '')) {
    return { type: 'text', text: Buffer.from(base64, 'base64').toString('utf8') };
  }
  return null;
}
