import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormSheet } from '../../components/form/form-sheet';
import { useZodForm } from '../../components/form/use-zod-form';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { channelFormSchema, channelToForm, defaultChannelForm, endsWithV1, toCreateBody, type ChannelSubmit } from './channel-form-schema';
import { AdvancedSection } from './form/advanced-section';
import { ApiSection } from './form/api-section';
import { BasicsSection } from './form/basics-section';
import { GroupsSection } from './form/groups-section';
import { KeySection } from './form/key-section';
import { ModelsSection } from './form/models-section';
import { MultiKeyManager } from './form/multi-key-manager';
import { channelQuery, useCreateChannel, useUpdateChannel } from './queries';

/** Create (channelId null) or edit a channel; a base URL ending in /v1 is confirmed before saving. */
export function ChannelFormDrawer({ channelId, onClose }: { channelId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const creating = channelId === null;
  const existing = useQuery(channelQuery(channelId ?? 0)).data;
  const form = useZodForm(channelFormSchema(creating), defaultChannelForm());
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const [confirming, setConfirming] = useState<((ok: boolean) => void) | null>(null);
  useEffect(() => {
    form.reset(existing && !creating ? channelToForm(existing) : defaultChannelForm());
  }, [existing, creating]);

  const askV1 = () => new Promise<boolean>((resolve) => setConfirming(() => resolve));
  const save = async (s: ChannelSubmit) => {
    if (endsWithV1(form.values.base_url) && !(await askV1())) return;
    if (creating) await create.mutateAsync(toCreateBody(s));
    else await update.mutateAsync({ ...s.fields, id: channelId, multi_key_mode: existing?.channel_info.is_multi_key ? s.multi_key_mode : undefined });
    toast.success(creating ? t('channels.form.created') : t('common.updateSuccess'));
    onClose();
  };
  const answer = (ok: boolean) => {
    confirming?.(ok);
    setConfirming(null);
  };
  const sectionProps = { form, creating };
  return (
    <>
      <FormSheet
        open
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={creating ? t('channels.form.createTitle') : t('channels.form.editTitle', { id: channelId })}
        description={creating ? t('channels.form.createDescription') : t('channels.form.editDescription')}
        onSubmit={form.submit(save)}
        pending={form.pending}
        data={{ 'data-channel-drawer': '' }}
      >
        <BasicsSection {...sectionProps} />
        <KeySection {...sectionProps} multiKey={existing?.channel_info.is_multi_key === true} />
        {channelId !== null && existing?.channel_info.is_multi_key ? <MultiKeyManager channelId={channelId} /> : null}
        <ApiSection {...sectionProps} />
        <ModelsSection {...sectionProps} channelId={channelId} />
        <GroupsSection {...sectionProps} />
        <AdvancedSection {...sectionProps} />
      </FormSheet>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : answer(false))}
        title={t('channels.form.v1ConfirmTitle')}
        description={t('channels.form.v1Warning')}
        confirmLabel={t('channels.form.v1Continue')}
        onConfirm={() => answer(true)}
      />
    </>
  );
}
