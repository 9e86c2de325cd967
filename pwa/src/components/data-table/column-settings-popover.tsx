import { Columns3Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';
import type { ColumnVisibility } from './column-visibility';

interface Props<Id extends string> {
  /** The columns offered, in table order. */
  options: { id: Id; label: string }[];
  value: ColumnVisibility<Id>;
  onChange: (next: ColumnVisibility<Id>) => void;
  onReset: () => void;
}

/** A column-visibility checklist behind a toolbar button. */
export function ColumnSettingsPopover<Id extends string>({ options, value, onChange, onReset }: Props<Id>) {
  const { t } = useTranslation();
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" data-column-settings>
          <Columns3Icon />
          <span className="mobile:sr-only">{t('common.columns')}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-56">
        <p className="mb-2 text-xs text-muted-foreground">{t('dataTable.columnSettingsHint')}</p>
        <div className="grid gap-0.5">
          {options.map(({ id, label }) => (
            <label key={id} className="flex cursor-pointer items-center gap-2.5 rounded-md px-1.5 py-1.5 text-sm hover:bg-accent">
              <Checkbox checked={value[id]} onCheckedChange={(c) => onChange({ ...value, [id]: c === true })} />
              {label}
            </label>
          ))}
        </div>
        <Button variant="ghost" size="sm" className="mt-2 w-full" onClick={onReset}>
          {t('dataTable.resetColumns')}
        </Button>
      </PopoverContent>
    </Popover>
  );
}
