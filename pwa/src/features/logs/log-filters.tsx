import { FilterIcon, RotateCcwIcon, SearchIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/class-names';
import { parseDateTimeInput, toDateTimeInput } from '../../lib/time-format';
import { useIsMobile } from '../../lib/use-media-query';
import type { LogSearch } from './log-search';

type FilterValues = Pick<LogSearch, 'token_name' | 'model_name' | 'group' | 'username' | 'channel'> & { start: string; end: string };

function FilterField({ id, label, children, wide }: { id: string; label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('grid min-w-0 gap-1', wide ? 'col-span-2 sm:w-[14.5rem]' : 'sm:w-40')}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children}
    </div>
  );
}

/** Date range (two pickers), token, model, group; administrators also channel and username. */
export function LogFilters({ search, range, admin, onSearch, onReset }: { search: LogSearch; range: { start: number; end: number }; admin: boolean; onSearch: (next: Partial<LogSearch>) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const initial = (): FilterValues => ({
    start: toDateTimeInput(search.start || range.start),
    end: toDateTimeInput(search.end || range.end),
    token_name: search.token_name,
    model_name: search.model_name,
    group: search.group,
    username: search.username,
    channel: search.channel,
  });
  const [values, setValues] = useState(initial);
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const active = [search.token_name, search.model_name, search.group, search.username, search.channel].filter(Boolean).length + (search.start || search.end ? 1 : 0);
  useEffect(() => {
    setValues(initial());
  }, [search.start, search.end, search.token_name, search.model_name, search.group, search.username, search.channel]);
  const set = (key: keyof FilterValues) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
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
    <div className="rounded-lg border bg-card shadow-xs">
      {isMobile ? (
        <button type="button" onClick={() => setOpen(!open)} className="flex w-full items-center gap-2 px-3 text-sm font-medium" aria-expanded={open}>
          <FilterIcon className="size-4 text-muted-foreground" />
          {t('logs.filters.title')}
          {active ? <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{active}</span> : null}
          <span className="ml-auto text-xs text-muted-foreground">{open ? t('common.collapse') : t('common.expand')}</span>
        </button>
      ) : null}
    <form onSubmit={submit} className={cn('grid grid-cols-2 gap-2.5 p-3 sm:flex sm:flex-wrap sm:items-end', isMobile && !open && 'hidden', isMobile && 'border-t')} data-log-filters>
      <FilterField id="log-start" label={t('logs.filters.start')} wide>
        <Input id="log-start" type="datetime-local" value={values.start} onChange={set('start')} />
      </FilterField>
      <FilterField id="log-end" label={t('logs.filters.end')} wide>
        <Input id="log-end" type="datetime-local" value={values.end} onChange={set('end')} />
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
    </div>
  );
}
