export type MessageStatus = 'loading' | 'incomplete' | 'complete' | 'error';

export interface PlaygroundMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  status: MessageStatus;
}

export type ChatAction =
  | { type: 'send'; text: string; id: number }
  | { type: 'delta'; text: string }
  | { type: 'done' }
  | { type: 'error'; text: string }
  | { type: 'clear' };

/** Assistant replies go loading → incomplete (streaming) → complete, or error with the error text appended. */
export function chatReducer(messages: PlaygroundMessage[], action: ChatAction): PlaygroundMessage[] {
  const updateLast = (fn: (m: PlaygroundMessage) => PlaygroundMessage) => {
    const last = messages[messages.length - 1];
    if (!last || last.role !== 'assistant') return messages;
    return [...messages.slice(0, -1), fn(last)];
  };
  switch (action.type) {
    case 'send':
      return [
        ...messages,
        { id: action.id, role: 'user', content: action.text, status: 'complete' },
        { id: action.id + 1, role: 'assistant', content: '', status: 'loading' },
      ];
    case 'delta':
      return updateLast((m) => ({ ...m, content: m.content + action.text, status: 'incomplete' }));
    case 'done':
      return updateLast((m) => ({ ...m, status: m.status === 'error' ? 'error' : 'complete' }));
    case 'error':
      return updateLast((m) => ({ ...m, content: m.content ? `${m.content}\n\n${action.text}` : action.text, status: 'error' }));
    case 'clear':
      return [];
  }
}

/** The request history: system prompt first, then every finished turn (failed replies are left out). */
export function historyForRequest(messages: PlaygroundMessage[], systemPrompt: string) {
  const history = messages
    .filter((m) => m.status === 'complete' && m.content)
    .map((m) => ({ role: m.role, content: m.content }));
  return systemPrompt.trim() ? [{ role: 'system' as const, content: systemPrompt }, ...history] : history;
}
