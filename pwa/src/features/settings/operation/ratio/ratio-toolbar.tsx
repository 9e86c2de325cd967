import { Loader2Icon, PlusIcon, SaveIcon, SearchIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { useOnline } from '../../../../lib/online-status';

interface Props {
  search: string;
  onSearch: (value: string) => void;
  onAdd: () => void;
  onApply: () => void;
  applying: boolean;
  /** More buttons between add and apply (the unset table's batch setting). */
  children?: ReactNode;
}

/** Search, add and apply above both ratio tables; one column of full-width controls on phones. */
export function RatioToolbar({ search, onSearch, onAdd, onApply, applying, children }: Props) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div className="flex flex-wrap items-center gap-2 mobile:grid mobile:grid-cols-2">
      <div className="relative min-w-0 flex-1 basis-56 mobile:col-span-2">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input value={search} onChange={(e) => onSearch(e.target.value)} placeholder={t('settings.ratio.search')} aria-label={t('settings.ratio.search')} className="pl-9" data-ratio-search />
      </div>
      <Button variant="outline" onClick={onAdd} className={children ? undefined : 'mobile:col-span-2'} data-ratio-add>
        <PlusIcon />
        {t('settings.ratio.addModel')}
      </Button>
      {children}
      <Button onClick={onApply} disabled={applying || !online} className="mobile:col-span-2" data-ratio-apply>
        {applying ? <Loader2Icon className="animate-spin" /> : <SaveIcon />}
        {t('settings.ratio.apply')}
      </Button>
    </div>
  );
}
