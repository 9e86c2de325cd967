import { toast } from 'sonner';
import { i18n } from '../../lib/i18n';

export interface SaveResult {
  saved: string[];
  failed: { key: string; message: string }[];
}

export type SaveOutcome = { tone: 'success'; key: string } | { tone: 'error'; key?: string; message?: string; description?: string };

/**
 * What one save of several keys tells the admin: success; the server's own message when the only key
 * failed; 部分保存失败，请重试 (with the first server message under it) when any of several failed.
 */
export function saveOutcome(result: SaveResult, successKey = 'common.saveSuccess'): SaveOutcome {
  const total = result.saved.length + result.failed.length;
  const first = result.failed[0];
  if (!first) return { tone: 'success', key: successKey };
  if (total === 1) return first.message ? { tone: 'error', message: first.message } : { tone: 'error', key: 'common.saveFailed' };
  return { tone: 'error', key: 'common.partialSaveFailed', description: first.message || undefined };
}

export function notifySaveOutcome(result: SaveResult, successKey?: string): void {
  const outcome = saveOutcome(result, successKey);
  if (outcome.tone === 'success') {
    toast.success(i18n.t(outcome.key));
    return;
  }
  toast.error(outcome.message ?? i18n.t(outcome.key ?? 'common.saveFailed'), { description: outcome.description });
}
