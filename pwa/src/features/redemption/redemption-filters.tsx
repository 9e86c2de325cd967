import { useTranslation } from 'react-i18next';
import { FilterBar, FilterField } from '../../components/filter-bar/filter-bar';
import { useDraft } from '../../components/filter-bar/use-draft';
import { Input } from '../../components/ui/input';

/** One keyword: a code's id, or the start of its name. */
export function RedemptionFilters({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useDraft(keyword);
  return (
    <FilterBar onSubmit={() => onSearch(draft.trim())} onReset={() => onSearch('')}>
      <FilterField id="redemption-keyword" label={t('redemptions.keyword')} wide>
        <Input id="redemption-keyword" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={t('redemptions.keywordPlaceholder')} />
      </FilterField>
    </FilterBar>
  );
}
