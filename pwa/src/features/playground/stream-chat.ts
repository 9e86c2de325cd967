import { createParser } from 'eventsource-parser';
import type { ChatMessage } from '../../../../core/contracts/playground';
import { consoleHeaders } from '../../lib/http-client';

export interface PlaygroundSettings {
  model: string;
  group: string;
  temperature: number;
  /** 0 = not sent (no limit). */
  maxTokens: number;
  systemPrompt: string;
}

export interface StreamHandlers {
  onDelta: (text: string) => void;
  onDone: () => void;
  onError: (text: string) => void;
}

function errorText(body: string, status: number): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string }; message?: string };
    return parsed.error?.message || parsed.message || `HTTP ${status}`;
  } catch {
    return body || `HTTP ${status}`;
  }
}

/** POST /pg/chat/completions as a server-sent event stream; no automatic reconnect. */
export async function streamChat(messages: ChatMessage[], settings: PlaygroundSettings, handlers: StreamHandlers, signal: AbortSignal): Promise<void> {
  const body = {
    messages,
    stream: true,
    model: settings.model,
    group: settings.group,
    temperature: settings.temperature,
    ...(settings.maxTokens > 0 ? { max_tokens: settings.maxTokens } : {}),
  };
  let response: Response;
  try {
    response = await fetch('/pg/chat/completions', { method: 'POST', headers: consoleHeaders(true), credentials: 'same-origin', body: JSON.stringify(body), signal });
  } catch (error) {
    if (signal.aborted) return handlers.onDone();
    return handlers.onError(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok || !response.body) return handlers.onError(errorText(await response.text(), response.status));
  let finished = false;
  const parser = createParser({
    onEvent: (event) => {
      if (finished) return;
      if (event.data === '[DONE]') {
        finished = true;
        return handlers.onDone();
      }
      try {
        const chunk = JSON.parse(event.data) as { choices?: { delta?: { content?: string; reasoning_content?: string } }[]; error?: { message?: string } };
        if (chunk.error) {
          finished = true;
          return handlers.onError(chunk.error.message ?? event.data);
        }
        const text = chunk.choices?.[0]?.delta?.content;
        if (text) handlers.onDelta(text);
      } catch {
        /* ignore keep-alive or non-JSON lines */
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch (error) {
    if (!signal.aborted && !finished) return handlers.onError(error instanceof Error ? error.message : String(error));
  }
  if (!finished) handlers.onDone();
}
