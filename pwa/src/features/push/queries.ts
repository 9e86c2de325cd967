import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { i18n } from '../../lib/i18n';
import type { Language } from '../../locales';
import { fetchPushStatus, removeSubscription, savePushPreferences, saveSubscription, sendTestPush } from './api';
import { currentSubscription, NoServiceWorkerError, PushPermissionError, subscribeBrowser } from './browser-push';

export const pushKeys = {
  all: ['push'] as const,
  status: () => [...pushKeys.all, 'status'] as const,
  device: () => [...pushKeys.all, 'device'] as const,
};

/** The administrator's alert settings (devices, balance threshold) and the server's public key; nothing secret, kept for offline. */
export const pushStatusQuery = () => queryOptions({ queryKey: pushKeys.status(), queryFn: fetchPushStatus, meta: { persist: true } });

/** This browser's subscription endpoint, or null. */
export const deviceSubscriptionQuery = () =>
  queryOptions({ queryKey: pushKeys.device(), queryFn: async () => (await currentSubscription())?.endpoint ?? null, meta: { silent: true } });

/** Browser refusals become messages the user can act on. */
function explain(error: unknown): Error {
  if (error instanceof PushPermissionError) return new Error(i18n.t('push.permissionDenied'));
  if (error instanceof NoServiceWorkerError) return new Error(i18n.t('push.noWorker'));
  if (error instanceof DOMException) return new Error(i18n.t('push.browserFailed', { reason: error.message }));
  return error instanceof Error ? error : new Error(String(error));
}

function usePushMutation<In, Out>(mutationFn: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }) });
}

/** Subscribes this browser, then tells the server; if the server refuses, the browser subscription is undone. */
export const useSubscribePush = () =>
  usePushMutation(async (publicKey: string) => {
    let subscription: PushSubscription;
    try {
      subscription = await subscribeBrowser(publicKey);
    } catch (e) {
      throw explain(e);
    }
    try {
      await saveSubscription(subscription.toJSON(), i18n.language as Language);
    } catch (e) {
      await subscription.unsubscribe().catch(() => false);
      throw e;
    }
  });

/** Tells the server first: offline nothing changes, so the two sides never disagree. */
export const useUnsubscribePush = () =>
  usePushMutation(async () => {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await removeSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  });

export const useTestPush = () => usePushMutation(() => sendTestPush());

export const useSavePushThreshold = () => usePushMutation((threshold: number) => savePushPreferences({ channel_balance_threshold: threshold }));
