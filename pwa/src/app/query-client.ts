import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { BusinessError, errorMessage, HttpStatusError, isHandledError, NetworkError } from '../lib/http-errors';
import { i18n } from '../lib/i18n';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean; persist?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Business failures (success=false) become error toasts here, once, for every query and mutation. */
function reportError(error: unknown, silent: boolean | undefined, isMutation: boolean) {
  if (silent || isHandledError(error)) return;
  if (error instanceof NetworkError) {
    if (isMutation) toast.error(navigator.onLine ? i18n.t('http.network') : i18n.t('common.offlineAction'));
    return;
  }
  toast.error(errorMessage(error) || i18n.t('common.requestFailed'));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta?.silent, false) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => reportError(error, mutation.meta?.silent, true),
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        gcTime: 24 * 3600 * 1000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof BusinessError || error instanceof HttpStatusError) && count < 1,
      },
      // Writes are never queued while offline: they fail at once and the UI says why.
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

export const queryClient = createQueryClient();
