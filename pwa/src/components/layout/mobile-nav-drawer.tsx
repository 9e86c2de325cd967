import { Link } from '@tanstack/react-router';
import { ExternalLinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../features/status/queries';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';
import { Brand } from './brand';
import { SidebarNav } from './sidebar-nav';
import { topNavLinks } from './top-nav-links';
import { useSidebarGroups } from './use-sidebar-groups';

/** Phone navigation: the top-bar links and every sidebar group in a left drawer. */
export function MobileNavDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const groups = useSidebarGroups();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="gap-0 bg-sidebar p-0" aria-describedby={undefined}>
        <div className="flex h-14 items-center border-b border-sidebar-border px-4">
          <SheetTitle asChild>
            <div onClick={close}>
              <Brand />
            </div>
          </SheetTitle>
          <SheetDescription className="sr-only">{t('nav.menu')}</SheetDescription>
        </div>
        <div className="flex-1 overflow-y-auto px-2 py-3" data-mobile-drawer>
          <div className="mb-4 grid grid-cols-2 gap-1.5 px-1">
            {topNavLinks(status.docs_link).map((link) =>
              link.external ? (
                <a key={link.key} href={link.to} target="_blank" rel="noreferrer" className="flex h-11 items-center justify-center gap-1 rounded-md border bg-card text-sm">
                  {t(`nav.${link.key}`)}
                  <ExternalLinkIcon className="size-3.5 text-muted-foreground" />
                </a>
              ) : (
                <Link key={link.key} to={link.to as never} onClick={close} className="flex h-11 items-center justify-center rounded-md border bg-card text-sm" activeProps={{ className: 'border-primary/40 text-primary' }} activeOptions={{ exact: link.to === '/' }}>
                  {t(`nav.${link.key}`)}
                </Link>
              ),
            )}
          </div>
          <SidebarNav groups={groups} onNavigate={close} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
