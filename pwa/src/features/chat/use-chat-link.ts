import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { buildChatLink, chatLinkKind, parseChats } from '../../lib/chat-link';
import { useSiteStatus } from '../status/queries';
import { chatTokensQuery } from '../tokens/queries';

export type ChatLinkState = { state: 'loading' } | { state: 'error'; messageKey: string } | { state: 'ready'; link: string; name: string };

/**
 * The chat entry `index` of the `Chats` option, filled with the first enabled token and the server address.
 * A link of any scheme other than http(s) or a known chat app is an error, never a navigation target.
 */
export function useChatLink(index: number): ChatLinkState {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useSiteStatus();
  const tokens = useQuery(chatTokensQuery());
  const chats = useMemo(() => parseChats(status.chats), [status.chats]);
  const entry = chats[index];
  const token = tokens.data?.find((row) => row.status === 1);
  const link = entry && token ? buildChatLink(entry.template, token.key, status.server_address || window.location.origin) : '';
  const result: ChatLinkState = !Array.isArray(status.chats)
    ? { state: 'error', messageKey: 'chat.parseFailed' }
    : !entry
    ? { state: 'error', messageKey: 'chat.notConfigured' }
    : tokens.isPending
      ? { state: 'loading' }
      : !token
        ? { state: 'error', messageKey: 'chat.noEnabledToken' }
        : chatLinkKind(link) === 'refused'
          ? { state: 'error', messageKey: 'chat.configError' }
          : { state: 'ready', name: entry.name, link };
  const noToken = result.state === 'error' && result.messageKey === 'chat.noEnabledToken';
  useEffect(() => {
    if (result.state !== 'error') return;
    toast.error(t(result.messageKey), { id: 'chat-link' });
    if (noToken) {
      const timer = setTimeout(() => void navigate({ to: '/token' }), 1500);
      return () => clearTimeout(timer);
    }
  }, [result.state, noToken, navigate, t, result]);
  return result;
}
