import { useReducer, useRef, useState } from 'react';
import { chatReducer, historyForRequest } from './chat-state';
import { streamChat, type PlaygroundSettings } from './stream-chat';

/** Chat state plus send/stop/clear around the streaming call. */
export function usePlaygroundChat(settings: PlaygroundSettings) {
  const [messages, dispatch] = useReducer(chatReducer, []);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const nextId = useRef(1);
  const send = async (text: string) => {
    if (!text.trim() || busy || !settings.model) return;
    const history = [...historyForRequest(messages, settings.systemPrompt), { role: 'user' as const, content: text }];
    dispatch({ type: 'send', text, id: nextId.current });
    nextId.current += 2;
    const abort = new AbortController();
    controller.current = abort;
    setBusy(true);
    await streamChat(history, settings, {
      onDelta: (delta) => dispatch({ type: 'delta', text: delta }),
      onDone: () => dispatch({ type: 'done' }),
      onError: (error) => dispatch({ type: 'error', text: error }),
    }, abort.signal);
    setBusy(false);
  };
  const stop = () => controller.current?.abort();
  const clear = () => {
    stop();
    dispatch({ type: 'clear' });
  };
  return { messages, busy, send, stop, clear };
}
