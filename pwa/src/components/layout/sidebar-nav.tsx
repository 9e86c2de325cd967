import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import { Tooltip } from '../ui/tooltip';
import { navIcons } from './nav-icons';
import type { NavGroup } from './sidebar-groups';

/** The grouped link list, shared by the desktop sidebar and the phone drawer. */
export function SidebarNav({ groups, collapsed = false, onNavigate }: { groups: NavGroup[]; collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav className="flex flex-col gap-4">
      {groups.map((group) => (
        <div key={group.key} className="flex flex-col gap-0.5">
          {collapsed ? (
            <div className="mx-auto mb-1 h-px w-6 bg-sidebar-border first:hidden" />
          ) : (
            <div className="px-3 pb-1 text-[11px] font-semibold tracking-wider text-muted-foreground/80 uppercase">{t(group.label)}</div>
          )}
          {group.items.map((item) => {
            const Icon = navIcons[item.icon];
            const label = item.literal ? item.label : t(item.label);
            const link = (
              <Link
                to={item.to as never}
                onClick={onNavigate}
                activeOptions={{ exact: item.to === '/' }}
                className={cn(
                  'group flex h-9 items-center gap-2.5 rounded-md px-3 text-[13px] font-medium text-sidebar-foreground/85 transition-colors hover:bg-sidebar-accent/70 hover:text-foreground mobile:h-11',
                  collapsed && 'justify-center px-0',
                )}
                activeProps={{ className: 'bg-sidebar-accent text-primary! font-semibold' }}
              >
                <Icon className="size-4 shrink-0" />
                {collapsed ? <span className="sr-only">{label}</span> : <span className="truncate">{label}</span>}
              </Link>
            );
            return collapsed ? (
              <Tooltip key={item.key} content={label} side="right">
                {link}
              </Tooltip>
            ) : (
              <div key={item.key}>{link}</div>
            );
          })}
        </div>
      ))}
    </nav>
  );
}
