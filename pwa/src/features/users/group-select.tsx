import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { groupsQuery } from './queries';

/** Radix refuses "" as an item value; this stands for "every group". */
const ANY = '__any__';

interface Props {
  id: string;
  value: string;
  onChange: (group: string) => void;
  /** Offers "all groups" as the empty value (for filtering). */
  allowAny?: boolean;
}

/** The configured groups (GroupRatio); a user's current group is offered even when no longer configured. */
export function GroupSelect({ id, value, onChange, allowAny }: Props) {
  const { t } = useTranslation();
  const groups = useQuery(groupsQuery()).data ?? [];
  const options = value && !groups.includes(value) ? [value, ...groups] : groups;
  return (
    <Select value={value || ANY} onValueChange={(v) => onChange(v === ANY ? '' : v)}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {allowAny ? <SelectItem value={ANY}>{t('users.allGroups')}</SelectItem> : null}
        {options.map((group) => (
          <SelectItem key={group} value={group}>
            {group}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
