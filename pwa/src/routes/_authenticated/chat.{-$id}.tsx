import { createFileRoute } from '@tanstack/react-router';
import { ChatFramePage } from '../../features/chat/chat-frame-page';

/** /chat and /chat/{id}: index into the configured chat entries (default 0). */
export const Route = createFileRoute('/_authenticated/chat/{-$id}')({ component: ChatRoute });

function ChatRoute() {
  const { id } = Route.useParams();
  const index = Number(id ?? 0);
  return <ChatFramePage index={Number.isInteger(index) && index >= 0 ? index : 0} />;
}
