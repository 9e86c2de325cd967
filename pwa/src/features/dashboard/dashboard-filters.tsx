import { useTranslation } from 'react-i18next';
import { FilterBar, FilterField } from '../../components/filter-bar/filter-bar';
import { useDraft } from '../../components/filter-bar/use-draft';
import { DateTimeInput } from '../../components/ui/date-time-input';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { parseDateTimeInput, toDateTimeInput } from '../../lib/time-format';
import { asGranularity, GRANULARITIES, type Granularity } from './usage-series';

export interface DashboardFilterValues {
  start: number;
  end: number;
  granularity: Granularity;
  username: string;
}

/** Start and end time, granularity (hour/day/week) and, for administrators, a username. */
export function DashboardFilters({ value, admin, onSearch, onReset }: { value: DashboardFilterValues; admin: boolean; onSearch: (v: DashboardFilterValues) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useDraft({ start: toDateTimeInput(value.start), end: toDateTimeInput(value.end), granularity: value.granularity as string, username: value.username });
  const submit = () => {
    const start = parseDateTimeInput(form.start);
    const end = parseDateTimeInput(form.end);
    onSearch({
      start: Number.isNaN(start) ? value.start : start,
      end: Number.isNaN(end) ? value.end : end,
      granularity: asGranularity(form.granularity),
      username: form.username.trim(),
    });
  };
  return (
    <FilterBar onSubmit={submit} onReset={onReset} data={{ 'data-dashboard-filters': '' }}>
      <FilterField id="dashboard-start" label={t('dashboard.filters.start')} wide>
        <DateTimeInput id="dashboard-start" value={form.start} onChange={(e) => setForm({ ...form, start: e.target.value })} />
      </FilterField>
      <FilterField id="dashboard-end" label={t('dashboard.filters.end')} wide>
        <DateTimeInput id="dashboard-end" value={form.end} onChange={(e) => setForm({ ...form, end: e.target.value })} />
      </FilterField>
      <FilterField id="dashboard-granularity" label={t('dashboard.filters.granularity')}>
        <Select value={form.granularity} onValueChange={(granularity) => setForm({ ...form, granularity })}>
          <SelectTrigger id="dashboard-granularity" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {GRANULARITIES.map((g) => (
              <SelectItem key={g} value={g}>
                {t(`dashboard.granularity.${g}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FilterField>
      {admin ? (
        <FilterField id="dashboard-username" label={t('dashboard.filters.username')}>
          <Input id="dashboard-username" value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} placeholder={t('dashboard.filters.usernamePlaceholder')} />
        </FilterField>
      ) : null}
    </FilterBar>
  );
}
