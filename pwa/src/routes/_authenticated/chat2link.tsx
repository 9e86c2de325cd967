import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { ChatRedirectPage } from '../../features/chat/chat-redirect-page';
import { searchNumber } from '../../lib/search-params';

export const Route = createFileRoute('/_authenticated/chat2link')({
  validateSearch: (s: { id?: number } & SearchSchemaInput): { id?: number } => ({ id: searchNumber(s.id, 0, { min: 0 }) || undefined }),
  component: ChatLinkRoute,
});

function ChatLinkRoute() {
  const { id } = Route.useSearch();
  return <ChatRedirectPage index={id ?? 0} />;
}
