import { Columns3Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { ADMIN_LOG_COLUMNS, defaultLogColumns, LOG_COLUMN_IDS, type ColumnVisibility } from './log-column-settings';

/** Column visibility, saved under `logs-table-columns`. */
export function ColumnSettingsPopover({ value, onChange, admin }: { value: ColumnVisibility; onChange: (v: ColumnVisibility) => void; admin: boolean }) {
  const { t } = useTranslation();
  const ids = LOG_COLUMN_IDS.filter((id) => admin || !ADMIN_LOG_COLUMNS.includes(id));
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" data-column-settings>
          <Columns3Icon />
          <span className="mobile:sr-only">{t('logs.columnSettings')}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-56">
        <p className="mb-2 text-xs text-muted-foreground">{t('logs.columnSettingsHint')}</p>
        <div className="grid gap-0.5">
          {ids.map((id) => (
            <label key={id} className="flex cursor-pointer items-center gap-2.5 rounded-md px-1.5 py-1.5 text-sm hover:bg-accent">
              <Checkbox checked={value[id]} onCheckedChange={(c) => onChange({ ...value, [id]: c === true })} />
              {t(`logs.columns.${id}`)}
            </label>
          ))}
        </div>
        <Button variant="ghost" size="sm" className="mt-2 w-full" onClick={() => onChange(defaultLogColumns(admin))}>
          {t('logs.resetColumns')}
        </Button>
      </PopoverContent>
    </Popover>
  );
}
