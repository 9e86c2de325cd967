import { useTranslation } from 'react-i18next';
import { FilterBar, FilterField } from '../../components/filter-bar/filter-bar';
import { useDraft } from '../../components/filter-bar/use-draft';
import { DateTimeInput } from '../../components/ui/date-time-input';
import { Input } from '../../components/ui/input';
import { parseDateTimeInput, toDateTimeInput } from '../../lib/time-format';

export interface TaskFilterValues {
  id: string;
  channel: string;
  /** Unix seconds. */
  start: number;
  end: number;
}

/** Channel id (administrators), task id, start and end time. */
export function TaskFilters({ value, admin, onSearch, onReset }: { value: TaskFilterValues; admin: boolean; onSearch: (v: TaskFilterValues) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useDraft({ id: value.id, channel: value.channel, start: toDateTimeInput(value.start), end: toDateTimeInput(value.end) });
  const submit = () => {
    const start = parseDateTimeInput(form.start);
    const end = parseDateTimeInput(form.end);
    onSearch({ id: form.id.trim(), channel: form.channel.trim(), start: Number.isNaN(start) ? value.start : start, end: Number.isNaN(end) ? value.end : end });
  };
  const field = (key: keyof typeof form, label: string, dateTime = false) => (
    <FilterField id={`task-${key}`} label={label} wide={dateTime}>
      {dateTime ? (
        <DateTimeInput id={`task-${key}`} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
      ) : (
        <Input id={`task-${key}`} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} placeholder={label} />
      )}
    </FilterField>
  );
  return (
    <FilterBar onSubmit={submit} onReset={onReset}>
      {admin ? field('channel', t('drawing.filters.channel')) : null}
      {field('id', t('drawing.filters.taskId'))}
      {field('start', t('drawing.filters.start'), true)}
      {field('end', t('drawing.filters.end'), true)}
    </FilterBar>
  );
}
