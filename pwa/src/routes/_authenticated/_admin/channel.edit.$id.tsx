import { createFileRoute, notFound } from '@tanstack/react-router';
import { ChannelFormDrawer } from '../../../features/channels/channel-form-drawer';

export const Route = createFileRoute('/_authenticated/_admin/channel/edit/$id')({
  params: {
    parse: ({ id }) => {
      if (!/^\d{1,9}$/.test(id)) throw notFound();
      return { id: Number(id) };
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: EditChannel,
});

function EditChannel() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return <ChannelFormDrawer key={id} channelId={id} onClose={() => void navigate({ to: '/channel', search: (prev) => prev })} />;
}
