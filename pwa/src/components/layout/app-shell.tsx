import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { NoticeModal } from '../../features/notice/notice-modal';
import { useSiteStatus } from '../../features/status/queries';
import { AppToaster } from './app-toaster';
import { IosInstallHint } from './ios-install-hint';
import { ManualCopyDialog } from './manual-copy-dialog';
import { MobileNavDrawer } from './mobile-nav-drawer';
import { OfflineBanner } from './offline-banner';
import { Sidebar } from './sidebar';
import { showsSidebar } from './sidebar-groups';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import { UpdatePrompt } from './update-prompt';

/** Top bar, optional sidebar, page, footer, plus the app-wide overlays. */
export function AppShell() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const systemName = useSiteStatus().system_name;
  useEffect(() => {
    document.title = systemName || 'Ferryman';
  }, [systemName]);
  const withSidebar = showsSidebar(pathname);
  const bare = pathname.startsWith('/chat') || pathname.startsWith('/playground');
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar onOpenMenu={() => setDrawerOpen(true)} />
      <OfflineBanner />
      <div className="flex flex-1">
        {withSidebar ? <Sidebar /> : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <main className="flex flex-1 flex-col">
            <Outlet />
          </main>
          {bare ? null : <SiteFooter />}
        </div>
      </div>
      <MobileNavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
      <NoticeModal />
      <ManualCopyDialog />
      <IosInstallHint />
      <UpdatePrompt />
      <AppToaster />
    </div>
  );
}
