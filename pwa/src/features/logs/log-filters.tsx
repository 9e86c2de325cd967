import { useTranslation } from 'react-i18next';
import { FilterBar, FilterField } from '../../components/filter-bar/filter-bar';
import { useDraft } from '../../components/filter-bar/use-draft';
import { DateTimeInput } from '../../components/ui/date-time-input';
import { Input } from '../../components/ui/input';
import { parseDateTimeInput, toDateTimeInput } from '../../lib/time-format';
import type { LogSearch } from './log-search';

type FilterValues = Pick<LogSearch, 'token_name' | 'model_name' | 'group' | 'username' | 'channel'> & { start: string; end: string };

/** Date range (two pickers), token, model, group; administrators also channel and username. */
export function LogFilters({ search, range, admin, onSearch, onReset }: { search: LogSearch; range: { start: number; end: number }; admin: boolean; onSearch: (next: Partial<LogSearch>) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useDraft<FilterValues>({
    start: toDateTimeInput(search.start || range.start),
    end: toDateTimeInput(search.end || range.end),
    token_name: search.token_name,
    model_name: search.model_name,
    group: search.group,
    username: search.username,
    channel: search.channel,
  });
  const active = [search.token_name, search.model_name, search.group, search.username, search.channel].filter(Boolean).length + (search.start || search.end ? 1 : 0);
  const set = (key: keyof FilterValues) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });
  const submit = () => {
    const start = parseDateTimeInput(values.start);
    const end = parseDateTimeInput(values.end);
    onSearch({
      page: 1,
      start: Number.isNaN(start) ? 0 : start,
      end: Number.isNaN(end) ? 0 : end,
      token_name: values.token_name.trim(),
      model_name: values.model_name.trim(),
      group: values.group.trim(),
      username: values.username.trim(),
      channel: values.channel.trim(),
    });
  };
  return (
    <FilterBar onSubmit={submit} onReset={onReset} collapsible activeCount={active} data={{ 'data-log-filters': '' }}>
      <FilterField id="log-start" label={t('logs.filters.start')} wide>
        <DateTimeInput id="log-start" value={values.start} onChange={set('start')} />
      </FilterField>
      <FilterField id="log-end" label={t('logs.filters.end')} wide>
        <DateTimeInput id="log-end" value={values.end} onChange={set('end')} />
      </FilterField>
      <FilterField id="log-token" label={t('logs.filters.tokenName')}>
        <Input id="log-token" value={values.token_name} onChange={set('token_name')} placeholder={t('logs.filters.tokenName')} />
      </FilterField>
      <FilterField id="log-model" label={t('logs.filters.modelName')}>
        <Input id="log-model" value={values.model_name} onChange={set('model_name')} placeholder={t('logs.filters.modelName')} />
      </FilterField>
      <FilterField id="log-group" label={t('logs.filters.group')}>
        <Input id="log-group" value={values.group} onChange={set('group')} placeholder={t('logs.filters.group')} />
      </FilterField>
      {admin ? (
        <>
          <FilterField id="log-channel" label={t('logs.filters.channel')}>
            <Input id="log-channel" inputMode="numeric" value={values.channel} onChange={set('channel')} placeholder={t('logs.filters.channel')} />
          </FilterField>
          <FilterField id="log-username" label={t('logs.filters.username')}>
            <Input id="log-username" value={values.username} onChange={set('username')} placeholder={t('logs.filters.username')} />
          </FilterField>
        </>
      ) : null}
    </FilterBar>
  );
}
