import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Channel } from '../../../../core/contracts/channel';
import { useTestChannel } from './queries';

/** Runs one channel test and reports its time (or the upstream's refusal) as a toast. */
export function useRunChannelTest() {
  const { t } = useTranslation();
  const test = useTestChannel();
  const run = (channel: Channel, model: string) =>
    test.mutateAsync(
      { id: channel.id, model },
      {
        onSuccess: (seconds) => toast.success(t('channels.testSuccess', { name: channel.name, seconds: seconds.toFixed(2) })),
      },
    );
  return { run, isPending: test.isPending };
}
