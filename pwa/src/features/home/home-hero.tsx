import { Link } from '@tanstack/react-router';
import { ArrowRightIcon, BookOpenIcon, CopyIcon, TagIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useCopy } from '../../hooks/use-copy';
import { normaliseServerAddress } from '../../lib/chat-link';
import { useSessionUser } from '../auth/session';
import { useSiteStatus } from '../status/queries';

export function HomeHero() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const user = useSessionUser();
  const copy = useCopy();
  const base = `${normaliseServerAddress(status.server_address || window.location.origin)}/v1`;
  return (
    <section className="relative overflow-hidden border-b">
      <div aria-hidden className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_80%_at_50%_0%,color-mix(in_oklab,var(--color-primary)_18%,transparent),transparent)]" />
      <div aria-hidden className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)] bg-[size:48px_48px] opacity-40" />
      <div className="relative mx-auto flex max-w-4xl flex-col items-center px-4 pt-16 pb-14 text-center sm:pt-24 sm:pb-20">
        <Badge tone="primary" className="mb-5 px-2.5 py-1">
          {t('home.badge')}
        </Badge>
        <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{status.system_name || 'Ferryman'}</h1>
        <p className="mt-3 text-lg font-medium text-foreground/80 sm:text-2xl">{t('home.headline')}</p>
        <p className="mt-3 max-w-2xl text-sm leading-6 text-muted-foreground sm:text-base">{t('home.subtitle')}</p>
        <div className="mt-7 flex w-full max-w-xl items-center gap-2 rounded-xl border bg-card/80 p-1.5 pl-3 shadow-sm backdrop-blur">
          <span className="shrink-0 text-xs font-medium text-muted-foreground">{t('home.baseUrl')}</span>
          <code className="min-w-0 flex-1 truncate text-left font-mono text-[13px]" data-base-url>
            {base}
          </code>
          <Button size="sm" variant="secondary" onClick={() => void copy(base)} aria-label={t('common.copy')}>
            <CopyIcon />
            <span className="hidden sm:inline">{t('common.copy')}</span>
          </Button>
        </div>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-2.5">
          <Button asChild size="lg">
            <Link to={user ? '/token' : '/login'}>
              {user ? t('home.console') : t('home.start')}
              <ArrowRightIcon />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/pricing">
              <TagIcon />
              {t('home.pricing')}
            </Link>
          </Button>
          {status.docs_link ? (
            <Button asChild size="lg" variant="ghost">
              <a href={status.docs_link} target="_blank" rel="noreferrer">
                <BookOpenIcon />
                {t('home.docs')}
              </a>
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
