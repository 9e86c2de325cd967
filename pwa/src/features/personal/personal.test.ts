import { describe, expect, it } from 'vitest';
import { notifyFormFromSetting, notifyFormToSetting } from './notify-settings-state';
import { deletionConfirmed, validatePasswordChange } from './password-validation';

describe('change password', () => {
  it('checks required, length, difference and confirmation', () => {
    expect(validatePasswordChange({ original: '', next: 'newpass12', confirm: 'newpass12' })).toBe('personal.security.errors.originalRequired');
    expect(validatePasswordChange({ original: 'old12345', next: '', confirm: '' })).toBe('personal.security.errors.newRequired');
    expect(validatePasswordChange({ original: 'old12345', next: 'short', confirm: 'short' })).toBe('personal.security.errors.tooShort');
    expect(validatePasswordChange({ original: 'same1234', next: 'same1234', confirm: 'same1234' })).toBe('personal.security.errors.same');
    expect(validatePasswordChange({ original: 'old12345', next: 'newpass12', confirm: 'newpass13' })).toBe('personal.security.errors.mismatch');
    expect(validatePasswordChange({ original: 'old12345', next: 'newpass12', confirm: 'newpass12' })).toBeNull();
  });
  it('deletion needs the exact username', () => {
    expect(deletionConfirmed('alice', 'alice')).toBe(true);
    expect(deletionConfirmed(' alice ', 'alice')).toBe(true);
    expect(deletionConfirmed('Alice', 'alice')).toBe(false);
    expect(deletionConfirmed('', '')).toBe(false);
  });
});

describe('notification settings', () => {
  it('defaults to 100000 with nothing saved and 500000 when a saved setting lacks it', () => {
    expect(notifyFormFromSetting('').quota_warning_threshold).toBe('100000');
    expect(notifyFormFromSetting('{"notify_type":"email"}').quota_warning_threshold).toBe('500000');
    expect(notifyFormFromSetting('{"quota_warning_threshold":42}').quota_warning_threshold).toBe('42');
  });
  it('never pre-fills the webhook secret and sends numbers', () => {
    const form = notifyFormFromSetting(JSON.stringify({ notify_type: 'webhook', webhook_url: 'https://h', webhook_secret: 's', quota_warning_threshold: 7 }));
    expect(form.webhook_secret).toBe('');
    expect(notifyFormToSetting(form)).toMatchObject({ notify_type: 'webhook', webhook_url: 'https://h', quota_warning_threshold: 7 });
  });
});
