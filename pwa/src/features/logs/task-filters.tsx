import { RotateCcwIcon, SearchIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
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
  const [form, setForm] = useState({ id: value.id, channel: value.channel, start: toDateTimeInput(value.start), end: toDateTimeInput(value.end) });
  useEffect(() => {
    setForm({ id: value.id, channel: value.channel, start: toDateTimeInput(value.start), end: toDateTimeInput(value.end) });
  }, [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const start = parseDateTimeInput(form.start);
    const end = parseDateTimeInput(form.end);
    onSearch({ id: form.id.trim(), channel: form.channel.trim(), start: Number.isNaN(start) ? value.start : start, end: Number.isNaN(end) ? value.end : end });
  };
  const field = (key: keyof typeof form, label: string, type = 'text', wide = false) => (
    <div className={`grid min-w-0 gap-1 ${wide ? 'col-span-2 sm:w-[14.5rem]' : 'sm:w-44'}`}>
      <Label htmlFor={`task-${key}`} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input id={`task-${key}`} type={type} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} placeholder={type === 'text' ? label : undefined} />
    </div>
  );
  return (
    <form onSubmit={submit} className="grid grid-cols-2 gap-2.5 rounded-lg border bg-card p-3 shadow-xs sm:flex sm:flex-wrap sm:items-end">
      {admin ? field('channel', t('drawing.filters.channel')) : null}
      {field('id', t('drawing.filters.taskId'))}
      {field('start', t('drawing.filters.start'), 'datetime-local', true)}
      {field('end', t('drawing.filters.end'), 'datetime-local', true)}
      <div className="col-span-2 flex items-end gap-2">
        <Button type="submit" className="flex-1 sm:flex-none">
          <SearchIcon />
          {t('logs.filters.search')}
        </Button>
        <Button type="button" variant="outline" size="icon" aria-label={t('logs.filters.reset')} onClick={onReset}>
          <RotateCcwIcon />
        </Button>
      </div>
    </form>
  );
}
