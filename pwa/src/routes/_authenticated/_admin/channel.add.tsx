import { createFileRoute } from '@tanstack/react-router';
import { ChannelFormDrawer } from '../../../features/channels/channel-form-drawer';

export const Route = createFileRoute('/_authenticated/_admin/channel/add')({ component: AddChannel });

function AddChannel() {
  const navigate = Route.useNavigate();
  return <ChannelFormDrawer channelId={null} onClose={() => void navigate({ to: '/channel', search: (prev) => prev })} />;
}
