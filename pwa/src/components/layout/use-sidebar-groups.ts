import { useMemo } from 'react';
import { isAdmin, useSessionUser } from '../../features/auth/session';
import { useSiteStatus } from '../../features/status/queries';
import { parseChats } from '../../lib/chat-link';
import { buildSidebarGroups, type NavGroup } from './sidebar-groups';

export function useSidebarGroups(): NavGroup[] {
  const user = useSessionUser();
  const status = useSiteStatus();
  return useMemo(
    () =>
      buildSidebarGroups({
        isAdmin: isAdmin(user),
        enableDataExport: status.enable_data_export,
        enableDrawing: status.enable_drawing,
        enableTask: status.enable_task,
        chats: parseChats(status.chats),
      }),
    [user, status],
  );
}
