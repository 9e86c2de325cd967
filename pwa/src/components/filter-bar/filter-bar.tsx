import { FilterIcon, RotateCcwIcon, SearchIcon } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import { useIsMobile } from '../../lib/use-media-query';
import { Button } from '../ui/button';
import { Label } from '../ui/label';

interface FilterBarProps {
  /** Applies the drafted values (they go to the URL). */
  onSubmit: () => void;
  onReset: () => void;
  /** Bars with many fields fold behind a toggle on phones, which counts the filters in use. */
  collapsible?: boolean;
  activeCount?: number;
  data?: Record<`data-${string}`, string>;
  children: ReactNode;
}

/** The filter form above a list: labelled fields, then search and reset; two columns on phones. */
export function FilterBar({ onSubmit, onReset, collapsible, activeCount = 0, data, children }: FilterBarProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const folded = collapsible && isMobile;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <div className="rounded-lg border bg-card shadow-xs">
      {folded ? (
        <button type="button" onClick={() => setOpen(!open)} className="flex w-full items-center gap-2 px-3 text-sm font-medium" aria-expanded={open}>
          <FilterIcon className="size-4 text-muted-foreground" />
          {t('filters.title')}
          {activeCount ? <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{activeCount}</span> : null}
          <span className="ml-auto text-xs text-muted-foreground">{open ? t('common.collapse') : t('common.expand')}</span>
        </button>
      ) : null}
      <form role="search" onSubmit={submit} className={cn('grid grid-cols-2 gap-2.5 p-3 sm:flex sm:flex-wrap sm:items-end', folded && !open && 'hidden', folded && 'border-t')} {...data}>
        {children}
        <div className="col-span-2 flex items-end gap-2">
          <Button type="submit" className="flex-1 sm:flex-none">
            <SearchIcon />
            {t('common.search')}
          </Button>
          <Button type="button" variant="outline" size="icon" aria-label={t('common.reset')} onClick={onReset}>
            <RotateCcwIcon />
          </Button>
        </div>
      </form>
    </div>
  );
}

/** One labelled filter; `wide` fields take a whole row on phones. */
export function FilterField({ id, label, wide, children }: { id: string; label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('grid min-w-0 gap-1', wide ? 'col-span-2 sm:w-[14.5rem]' : 'sm:w-44')}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children}
    </div>
  );
}
