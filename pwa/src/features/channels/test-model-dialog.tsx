import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { splitNames, type Channel } from '../../../../core/contracts/channel';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { useRunChannelTest } from './use-run-channel-test';

/** Picks one of the channel's models and tests the channel with it. */
export function TestModelDialog({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const runTest = useRunChannelTest();
  const models = splitNames(channel?.models).filter((m) => m.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Dialog open={channel !== null} onOpenChange={(open) => (open ? undefined : (setFilter(''), onClose()))}>
      <DialogContent data-test-model-dialog>
        <DialogHeader>
          <DialogTitle>{t('channels.testWithModel')}</DialogTitle>
          <DialogDescription>{channel ? t('channels.testModelHint', { name: channel.name }) : null}</DialogDescription>
        </DialogHeader>
        <Input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t('channels.searchModel')} aria-label={t('channels.searchModel')} />
        <ul className="grid max-h-72 gap-1 overflow-y-auto">
          {models.map((model) => (
            <li key={model} className="flex items-center justify-between gap-2 rounded-md px-2 py-1 hover:bg-muted/50">
              <span className="truncate font-mono text-xs">{model}</span>
              <Button size="xs" variant="outline" disabled={runTest.isPending} onClick={() => channel && void runTest.run(channel, model).catch(() => undefined)} data-test-model={model}>
                {t('channels.test')}
              </Button>
            </li>
          ))}
          {models.length === 0 ? <li className="px-2 py-4 text-center text-sm text-muted-foreground">{t('common.noData')}</li> : null}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
