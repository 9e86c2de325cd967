import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import type { RouterContext } from '../app/router';
import { AppShell } from '../components/layout/app-shell';
import { NotFoundPage } from '../components/layout/not-found-page';
import { setupRedirectFor } from '../features/auth/route-guards';
import { loadStatus } from '../features/status/queries';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Until setup is done every path goes to /setup; afterwards /setup goes to /.
  beforeLoad: async ({ context, location }) => {
    const status = await loadStatus(context.queryClient);
    const target = setupRedirectFor(location.pathname, status.setup);
    if (target) throw redirect({ to: target, replace: true });
  },
  component: AppShell,
  notFoundComponent: NotFoundPage,
});
