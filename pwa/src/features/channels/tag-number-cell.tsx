import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { InlineEditCell } from '../../components/data-table/inline-edit-cell';
import { useOnline } from '../../lib/online-status';
import { parseTagPriority, parseTagWeight, type TagGroup } from './channel-view';
import { useEditTag } from './queries';

/** A tag's priority or weight: shown when its channels agree, set on all of them when edited. */
export function TagNumberCell({ group, field }: { group: TagGroup; field: 'priority' | 'weight' }) {
  const { t } = useTranslation();
  const online = useOnline();
  const edit = useEditTag();
  const values = new Set(group.channels.map((c) => (field === 'priority' ? (c.priority ?? 0) : c.weight)));
  const parse = field === 'priority' ? parseTagPriority : parseTagWeight;
  return (
    <InlineEditCell
      value={values.size === 1 ? [...values][0]! : '—'}
      label={t(`channels.columns.${field}`)}
      inputMode="numeric"
      disabled={!online}
      validate={(next) => parse(next) !== null}
      onCommit={(next) => edit.mutateAsync({ tag: group.tag, [field]: parse(next) }, { onSuccess: () => toast.success(t('common.updateSuccess')) })}
    />
  );
}
