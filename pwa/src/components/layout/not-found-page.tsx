import { Link } from '@tanstack/react-router';
import { CompassIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';

/** Any unknown path: 页面不存在. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-24 text-center" data-not-found>
      <div className="rounded-2xl bg-primary/10 p-4 text-primary">
        <CompassIcon className="size-8" />
      </div>
      <p className="text-5xl font-bold tracking-tight text-muted-foreground/40">404</p>
      <h1 className="text-xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-sm text-muted-foreground">{t('notFound.description')}</p>
      <Button asChild className="mt-2">
        <Link to="/">{t('notFound.home')}</Link>
      </Button>
    </div>
  );
}
