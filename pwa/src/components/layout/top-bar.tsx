import { Link } from '@tanstack/react-router';
import { ExternalLinkIcon, MenuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../features/auth/session';
import { useSiteStatus } from '../../features/status/queries';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Brand } from './brand';
import { InstallButton } from './install-button';
import { LanguageMenu } from './language-menu';
import { ThemeToggle } from './theme-toggle';
import { topNavLinks } from './top-nav-links';
import { UserMenu } from './user-menu';

const linkClass = 'rounded-md px-2.5 py-1.5 text-[13px] font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground';

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const user = useSessionUser();
  const mode = status.self_use_mode_enabled ? 'nav.selfUseMode' : status.demo_site_enabled ? 'nav.demoSite' : null;
  return (
    <header className="sticky top-0 z-40 h-14 border-b bg-background/85 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="flex h-14 items-center gap-2 px-3 sm:px-4">
        <Button variant="ghost" size="icon" className="-ml-1 sm:hidden" aria-label={t('nav.menu')} data-mobile-menu onClick={onOpenMenu}>
          <MenuIcon />
        </Button>
        <Brand />
        {mode ? (
          <Badge tone={status.self_use_mode_enabled ? 'violet' : 'orange'} className="hidden md:inline-flex" data-mode-badge>
            {t(mode)}
          </Badge>
        ) : null}
        <nav className="ml-4 hidden items-center gap-0.5 sm:flex" data-top-nav>
          {topNavLinks(status.docs_link).map((link) =>
            link.external ? (
              <a key={link.key} href={link.to} target="_blank" rel="noreferrer" className={`${linkClass} inline-flex items-center gap-1`}>
                {t(`nav.${link.key}`)}
                <ExternalLinkIcon className="size-3" />
              </a>
            ) : (
              <Link key={link.key} to={link.to as never} className={linkClass} activeOptions={{ exact: link.to === '/' }} activeProps={{ className: 'bg-accent text-foreground!' }}>
                {t(`nav.${link.key}`)}
              </Link>
            ),
          )}
        </nav>
        <div className="ml-auto flex items-center gap-0.5">
          <InstallButton />
          <ThemeToggle />
          <LanguageMenu />
          {user ? (
            <UserMenu user={user} />
          ) : (
            <div className="ml-1 flex items-center gap-1.5">
              <Button asChild size="sm">
                <Link to="/login">{t('nav.login')}</Link>
              </Button>
              {status.self_use_mode_enabled ? null : (
                <Button asChild size="sm" variant="outline" className="hidden sm:inline-flex">
                  <Link to="/register">{t('nav.register')}</Link>
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
