import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/http-errors';
import { clearLogsBefore, discoverOidc, listEnabledModels, listOptions, resetModelRatio, updateOption, type OptionMap } from './api';
import type { SaveResult } from './save-outcome';

export const settingsKeys = {
  all: ['settings'] as const,
  options: () => [...settingsKeys.all, 'options'] as const,
  enabledModels: () => [...settingsKeys.all, 'enabled-models'] as const,
};

/** Read fresh on every visit and never kept for offline use: this is the live configuration. */
export const optionsQuery = () => queryOptions({ queryKey: settingsKeys.options(), queryFn: listOptions, staleTime: 0 });

/** Models of enabled channels, for the table of models that have no price yet (re-read on every visit). */
export const enabledModelsQuery = () => queryOptions({ queryKey: settingsKeys.enabledModels(), queryFn: listEnabledModels, staleTime: 0 });

/** Screens that show what options decide: the shell's status, prices, notice, home and about pages. */
const DEPENDENTS = [['status'], ['pricing'], ['notice'], ['home-page-content'], ['about']] as const;

function refreshAfterSave(queryClient: QueryClient) {
  for (const queryKey of [settingsKeys.options(), ...DEPENDENTS]) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
}

export interface OptionChange {
  key: string;
  value: string;
}

/** One PUT per key, in order; a refused key does not stop the others. */
export async function saveEach(changes: readonly OptionChange[]): Promise<SaveResult> {
  const result: SaveResult = { saved: [], failed: [] };
  for (const { key, value } of changes) {
    try {
      await updateOption(key, value);
      result.saved.push(key);
    } catch (error) {
      result.failed.push({ key, message: errorMessage(error) });
    }
  }
  return result;
}

/**
 * The saved values go into the cached options at once (a switch does not flip back while the list is
 * re-read); keys the list does not carry (secrets) are not added. The caller reports the outcome
 * (save-outcome.ts), so failures are not toasted a second time here.
 */
export function useSaveOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEach,
    meta: { silent: true },
    onSuccess: (result, changes) =>
      queryClient.setQueryData<OptionMap>(settingsKeys.options(), (old) => {
        if (!old) return old;
        const saved = changes.filter((c) => result.saved.includes(c.key) && Object.hasOwn(old, c.key));
        return { ...old, ...Object.fromEntries(saved.map((c) => [c.key, c.value])) };
      }),
    onSettled: () => refreshAfterSave(queryClient),
  });
}

export function useResetModelRatio() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetModelRatio, onSettled: () => refreshAfterSave(queryClient) });
}

export const useClearLogs = () => useMutation({ mutationFn: clearLogsBefore });

export const useDiscoverOidc = () => useMutation({ mutationFn: discoverOidc, meta: { silent: true } });
