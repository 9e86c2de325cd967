import { SearchIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

/** Search by name and by key; the values live in the URL. */
export function TokenSearchBar({ keyword, token, onSearch }: { keyword: string; token: string; onSearch: (keyword: string, token: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(keyword);
  const [key, setKey] = useState(token);
  useEffect(() => {
    setName(keyword);
    setKey(token);
  }, [keyword, token]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(name.trim(), key.trim());
  };
  return (
    <form onSubmit={submit} className="grid flex-1 grid-cols-[1fr_1fr_auto] items-center gap-2 sm:flex" role="search">
      <div className="relative min-w-0 sm:w-56 sm:flex-none">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input value={name} onChange={(e) => setName(e.target.value)} placeholder={t('tokens.searchName')} className="pl-8" aria-label={t('tokens.searchName')} />
      </div>
      <Input value={key} onChange={(e) => setKey(e.target.value)} placeholder={t('tokens.searchKey')} className="min-w-0 sm:w-56" aria-label={t('tokens.searchKey')} />
      <Button type="submit" variant="secondary" aria-label={t('common.search')}>
        <SearchIcon className="sm:hidden" />
        <span className="hidden sm:inline">{t('common.search')}</span>
      </Button>
    </form>
  );
}
