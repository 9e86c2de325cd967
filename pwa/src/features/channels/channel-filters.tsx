import { useTranslation } from 'react-i18next';
import { FilterBar, FilterField } from '../../components/filter-bar/filter-bar';
import { useDraft } from '../../components/filter-bar/use-draft';
import { Input } from '../../components/ui/input';
import { GroupSelect } from '../users/group-select';

export interface ChannelFilterValues {
  keyword: string;
  model: string;
  group: string;
}

/** Keyword (id, name, base URL or the exact key), model name and group. */
export function ChannelFilters({ value, onSearch }: { value: ChannelFilterValues; onSearch: (next: ChannelFilterValues) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useDraft(value);
  return (
    <FilterBar
      onSubmit={() => onSearch({ keyword: draft.keyword.trim(), model: draft.model.trim(), group: draft.group })}
      onReset={() => onSearch({ keyword: '', model: '', group: '' })}
      collapsible
      activeCount={[value.keyword, value.model, value.group].filter(Boolean).length}
      data={{ 'data-channel-filters': '' }}
    >
      <FilterField id="channel-keyword" label={t('channels.keyword')} wide>
        <Input id="channel-keyword" type="search" value={draft.keyword} onChange={(e) => setDraft({ ...draft, keyword: e.target.value })} placeholder={t('channels.keywordPlaceholder')} />
      </FilterField>
      <FilterField id="channel-model" label={t('channels.model')}>
        <Input id="channel-model" type="search" value={draft.model} onChange={(e) => setDraft({ ...draft, model: e.target.value })} placeholder={t('channels.modelPlaceholder')} />
      </FilterField>
      <FilterField id="channel-group" label={t('channels.columns.group')}>
        <GroupSelect id="channel-group" value={draft.group} onChange={(group) => setDraft({ ...draft, group })} allowAny />
      </FilterField>
    </FilterBar>
  );
}
