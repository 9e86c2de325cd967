import { PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localStore } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { SidebarNav } from './sidebar-nav';
import { useSidebarGroups } from './use-sidebar-groups';

export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 60;

/** Desktop sidebar: 200 px, or 60 px collapsed; the choice is remembered. */
export function Sidebar() {
  const { t } = useTranslation();
  const groups = useSidebarGroups();
  const [collapsed, setCollapsed] = useState(() => localStore.get(storageKeys.defaultCollapseSidebar) === 'true');
  const toggle = () => {
    setCollapsed(!collapsed);
    localStore.set(storageKeys.defaultCollapseSidebar, String(!collapsed));
  };
  return (
    <aside
      data-collapsed={collapsed}
      style={{ width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH }}
      className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] shrink-0 flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 sm:flex"
    >
      <div className="flex-1 overflow-x-hidden overflow-y-auto px-2 py-4">
        <SidebarNav groups={groups} collapsed={collapsed} />
      </div>
      <div className="border-t border-sidebar-border p-2">
        <button
          type="button"
          onClick={toggle}
          aria-label={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
          className="flex h-8 w-full items-center justify-center gap-2 rounded-md text-xs text-muted-foreground hover:bg-sidebar-accent/70 hover:text-foreground"
        >
          {collapsed ? <PanelLeftOpenIcon className="size-4" /> : <PanelLeftCloseIcon className="size-4" />}
          {collapsed ? null : t('nav.collapseSidebar')}
        </button>
      </div>
    </aside>
  );
}
