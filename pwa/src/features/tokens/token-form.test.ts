import { describe, expect, it } from 'vitest';
import { batchTokenNames, randomSuffix } from './batch-names';
import { defaultTokenForm, tokenFormToPayload, tokenToForm } from './token-form-state';
import { tokenStatusView } from './token-status';

const display = { displayInCurrency: true, quotaPerUnit: 500000 };

describe('batch names', () => {
  it('keeps the first name and suffixes the rest with 6 alphanumerics', () => {
    const names = batchTokenNames('app', 4);
    expect(names[0]).toBe('app');
    for (const name of names.slice(1)) expect(name).toMatch(/^app-[A-Za-z0-9]{6}$/);
    expect(new Set(names).size).toBe(4);
  });
  it('is deterministic with a seeded random source', () => expect(randomSuffix(() => 0)).toBe('AAAAAA'));
});

describe('token form', () => {
  it('defaults to quota 500000, limited, never expiring', () => {
    const form = defaultTokenForm(display);
    expect(form.amount).toBe('1');
    const result = tokenFormToPayload({ ...form, name: 'x' }, display, true);
    expect(result).toMatchObject({ ok: true, count: 1, payload: { remain_quota: 500000, expired_time: -1, unlimited_quota: false } });
  });
  it('requires a name on create only', () => {
    expect(tokenFormToPayload(defaultTokenForm(display), display, true)).toEqual({ ok: false, error: 'tokens.form.errors.nameRequired' });
    expect(tokenFormToPayload(defaultTokenForm(display), display, false).ok).toBe(true);
  });
  it('rejects an unparsable expiry', () => {
    expect(tokenFormToPayload({ ...defaultTokenForm(display), name: 'x', expiry: 'soon' }, display, true)).toEqual({ ok: false, error: 'tokens.form.errors.expiry' });
  });
  it('uses raw quota when currency display is off and joins model limits', () => {
    const raw = { displayInCurrency: false, quotaPerUnit: 500000 };
    const result = tokenFormToPayload({ ...defaultTokenForm(raw), name: 'x', amount: '1234', modelLimitsEnabled: true, modelLimits: ['a', 'b'] }, raw, true);
    expect(result).toMatchObject({ ok: true, payload: { remain_quota: 1234, model_limits: 'a,b', model_limits_enabled: true } });
  });
  it('round-trips an existing token', () => {
    const token = { id: 1, key: 'k', status: 1, name: 'n', created_time: 0, expired_time: -1, remain_quota: 250000, unlimited_quota: false, model_limits_enabled: true, model_limits: 'gpt-4o', allow_ips: '1.1.1.1', used_quota: 0, group: 'vip' };
    const form = tokenToForm(token, display);
    expect(form).toMatchObject({ amount: '0.5', modelLimits: ['gpt-4o'], group: 'vip', expiry: '' });
    expect(tokenFormToPayload(form, display, false)).toMatchObject({ ok: true, payload: { remain_quota: 250000, group: 'vip', allow_ips: '1.1.1.1' } });
  });
  it('names token states', () => {
    expect(tokenStatusView(1).key).toBe('tokens.status.enabled');
    expect(tokenStatusView(3).tone).toBe('yellow');
    expect(tokenStatusView(9).key).toBe('tokens.status.unknown');
  });
});
