import type { ChatEntry } from '../../lib/chat-link';

export type NavIcon =
  | 'playground' | 'chat' | 'dashboard' | 'tokens' | 'logs' | 'drawing' | 'tasks'
  | 'channels' | 'redemptions' | 'users' | 'settings' | 'topup' | 'personal' | 'contact';

export interface NavItem {
  key: string;
  to: string;
  /** An i18n key, or a literal name for configured chat entries. */
  label: string;
  literal?: boolean;
  icon: NavIcon;
}

export interface NavGroup {
  key: 'chat' | 'console' | 'admin' | 'personal';
  label: string;
  items: NavItem[];
}

export interface SidebarInput {
  isAdmin: boolean;
  enableDataExport: boolean;
  enableDrawing: boolean;
  enableTask: boolean;
  chats: ChatEntry[];
}

/** Sidebar groups and their visibility rules (product spec "Layout and navigation"). */
export function buildSidebarGroups(input: SidebarInput): NavGroup[] {
  const item = (key: string, to: string, icon: NavIcon): NavItem => ({ key, to, icon, label: `sidebar.${key}` });
  const chat: NavItem[] = [
    item('playground', '/playground', 'playground'),
    ...input.chats.map((c, i) => ({ key: `chat-${i}`, to: `/chat/${i}`, icon: 'chat' as const, label: c.name, literal: true })),
  ];
  const consoleItems = [
    input.enableDataExport ? item('dashboard', '/detail', 'dashboard') : null,
    item('tokens', '/token', 'tokens'),
    item('logs', '/log', 'logs'),
    input.enableDrawing ? item('drawing', '/midjourney', 'drawing') : null,
    input.enableTask ? item('tasks', '/task', 'tasks') : null,
  ].filter((x): x is NavItem => x !== null);
  const groups: NavGroup[] = [
    { key: 'chat', label: 'sidebar.chat', items: chat },
    { key: 'console', label: 'sidebar.console', items: consoleItems },
  ];
  if (input.isAdmin) {
    groups.push({
      key: 'admin',
      label: 'sidebar.admin',
      items: [
        item('channels', '/channel', 'channels'),
        item('redemptions', '/redemption', 'redemptions'),
        item('users', '/user', 'users'),
        item('settings', '/setting', 'settings'),
      ],
    });
  }
  groups.push({
    key: 'personal',
    label: 'sidebar.personal',
    items: [item('topup', '/topup', 'topup'), item('personalSettings', '/personal', 'personal'), item('contact', '/contact', 'contact')],
  });
  return groups;
}

/** The sidebar is hidden on home, chat and setup routes. */
export function showsSidebar(pathname: string): boolean {
  if (pathname === '/' || pathname === '') return false;
  return !/^\/(setup|chat|chat2link)(\/|$)/.test(pathname);
}
