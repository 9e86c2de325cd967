import type { UserSetting } from '../../../../core/contracts/user';

export interface NotifyForm {
  notify_type: 'email' | 'webhook';
  quota_warning_threshold: string;
  notification_email: string;
  webhook_url: string;
  webhook_secret: string;
  accept_unset_model_ratio_model: boolean;
}

/** Thresholds offered as presets (quota units). */
export const THRESHOLD_PRESETS = [100000, 500000, 1000000, 5000000] as const;

/** Form state from `user.setting` (a JSON string): 100000 when nothing is saved, 500000 when a saved setting lacks it. */
export function notifyFormFromSetting(raw: string | undefined): NotifyForm {
  const base: NotifyForm = { notify_type: 'email', quota_warning_threshold: '100000', notification_email: '', webhook_url: '', webhook_secret: '', accept_unset_model_ratio_model: false };
  if (!raw) return base;
  let saved: Partial<UserSetting> = {};
  try {
    saved = JSON.parse(raw) as Partial<UserSetting>;
  } catch {
    return base;
  }
  return {
    notify_type: saved.notify_type === 'webhook' ? 'webhook' : 'email',
    quota_warning_threshold: String(saved.quota_warning_threshold ?? 500000),
    notification_email: saved.notification_email ?? '',
    webhook_url: saved.webhook_url ?? '',
    webhook_secret: '',
    accept_unset_model_ratio_model: saved.accept_unset_model_ratio_model === true,
  };
}

export function notifyFormToSetting(form: NotifyForm): UserSetting {
  return {
    notify_type: form.notify_type,
    quota_warning_threshold: Number(form.quota_warning_threshold),
    notification_email: form.notification_email.trim(),
    webhook_url: form.webhook_url.trim(),
    webhook_secret: form.webhook_secret,
    accept_unset_model_ratio_model: form.accept_unset_model_ratio_model,
  };
}
