import { useTranslation } from 'react-i18next';
import { FilterBar, FilterField } from '../../components/filter-bar/filter-bar';
import { useDraft } from '../../components/filter-bar/use-draft';
import { Input } from '../../components/ui/input';
import { GroupSelect } from './group-select';

interface Values {
  keyword: string;
  group: string;
}

/** Keyword (id, username, display name, e-mail) and group. */
export function UserFilters({ value, onSearch }: { value: Values; onSearch: (next: Values) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useDraft(value);
  return (
    <FilterBar onSubmit={() => onSearch({ keyword: draft.keyword.trim(), group: draft.group })} onReset={() => onSearch({ keyword: '', group: '' })} collapsible activeCount={[value.keyword, value.group].filter(Boolean).length} data={{ 'data-user-filters': '' }}>
      <FilterField id="user-keyword" label={t('users.keyword')} wide>
        <Input id="user-keyword" type="search" value={draft.keyword} onChange={(e) => setDraft({ ...draft, keyword: e.target.value })} placeholder={t('users.keywordPlaceholder')} />
      </FilterField>
      <FilterField id="user-group" label={t('users.columns.group')} wide>
        <GroupSelect id="user-group" value={draft.group} onChange={(group) => setDraft({ ...draft, group })} allowAny />
      </FilterField>
    </FilterBar>
  );
}
