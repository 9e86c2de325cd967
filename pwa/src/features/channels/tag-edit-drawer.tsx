import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormSheet } from '../../components/form/form-sheet';
import { useZodForm } from '../../components/form/use-zod-form';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import type { TagGroup } from './channel-view';
import { useEditTag } from './queries';
import { tagEditDefaults, tagEditSchema, type TagEditValues } from './tag-edit-schema';

const JSON_FIELDS = ['model_mapping', 'param_override', 'header_override'] as const;

/** Edits every channel of a tag at once; blank fields are left as they are. */
export function TagEditDrawer({ group, onClose }: { group: TagGroup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tag = group?.tag ?? '';
  const form = useZodForm(tagEditSchema(tag), tagEditDefaults(tag));
  const edit = useEditTag();
  useEffect(() => {
    if (group) form.reset(tagEditDefaults(group.tag));
  }, [group]);
  const submit = form.submit(async (body) => {
    await edit.mutateAsync(body);
    toast.success(t('common.updateSuccess'));
    onClose();
  });
  const text = (key: keyof TagEditValues, placeholder?: string) => (
    <Field key={key} label={t(`channels.tagEdit.${key}`)} htmlFor={`tag-${key}`} error={form.error(key)}>
      {JSON_FIELDS.includes(key as (typeof JSON_FIELDS)[number]) ? (
        <Textarea id={`tag-${key}`} rows={3} className="font-mono text-xs" {...form.bind(key)} placeholder={placeholder ?? t('channels.unchangedHint')} />
      ) : (
        <Input id={`tag-${key}`} {...form.bind(key)} placeholder={placeholder ?? t('channels.unchangedHint')} />
      )}
    </Field>
  );
  return (
    <FormSheet
      open={group !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('channels.tagEdit.title', { tag })}
      description={t('channels.tagEdit.description')}
      onSubmit={submit}
      pending={form.pending}
      data={{ 'data-tag-drawer': '' }}
    >
      {text('new_tag', t('channels.tagEdit.newTagPlaceholder'))}
      {text('priority')}
      {text('weight')}
      {text('models', t('channels.tagEdit.modelsPlaceholder'))}
      {text('groups', t('channels.tagEdit.groupsPlaceholder'))}
      {JSON_FIELDS.map((key) => text(key))}
    </FormSheet>
  );
}
