import { describe, expect, it } from 'vitest';
import { buildSidebarGroups, showsSidebar, type SidebarInput } from './sidebar-groups';
import { topNavLinks } from './top-nav-links';

const base: SidebarInput = { isAdmin: false, enableDataExport: false, enableDrawing: false, enableTask: false, chats: [] };
const paths = (input: SidebarInput) => buildSidebarGroups(input).map((g) => [g.key, g.items.map((i) => i.to)]);

describe('sidebar', () => {
  it('shows the minimum for an ordinary user', () => {
    expect(paths(base)).toEqual([
      ['chat', ['/playground']],
      ['console', ['/token', '/log']],
      ['personal', ['/topup', '/personal', '/contact']],
    ]);
  });
  it('adds dashboard, drawing and task logs by flag, chats and the admin group by role', () => {
    const groups = paths({ isAdmin: true, enableDataExport: true, enableDrawing: true, enableTask: true, chats: [{ name: 'Lobe', template: 'x' }] });
    expect(groups).toEqual([
      ['chat', ['/playground', '/chat/0']],
      ['console', ['/detail', '/token', '/log', '/midjourney', '/task']],
      ['admin', ['/channel', '/redemption', '/user', '/setting']],
      ['personal', ['/topup', '/personal', '/contact']],
    ]);
  });
  it('is hidden on home, chat and setup routes', () => {
    expect(['/', '/setup', '/chat/1', '/chat', '/chat2link'].map(showsSidebar)).toEqual([false, false, false, false, false]);
    expect(['/token', '/pricing', '/login', '/chatty'].map(showsSidebar)).toEqual([true, true, true, true]);
  });
  it('top bar shows Docs only with a docs link', () => {
    expect(topNavLinks('').map((l) => l.key)).toEqual(['home', 'console', 'pricing', 'about']);
    expect(topNavLinks('https://docs').map((l) => l.key)).toEqual(['home', 'console', 'pricing', 'docs', 'about']);
  });
});
