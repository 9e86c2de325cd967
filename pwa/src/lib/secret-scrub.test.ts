import { describe, expect, it } from 'vitest';
import { isMaskedKey, maskKey, scrubSecrets } from './secret-scrub';

const KEY = 'Q2VP2ec6u6qDMEpSsJNcUfXOEM2XT4phvjeKvIaFGdOoUpgg';

describe('scrubSecrets', () => {
  it('masks token keys anywhere in the tree', () => {
    const out = scrubSecrets({ queries: [{ state: { data: { rows: [{ id: 1, key: KEY, name: 'a' }] } } }] });
    const row = out.queries[0]!.state.data.rows[0]!;
    expect(row.key).toBe('Q2VP**********Upgg');
    expect(JSON.stringify(out)).not.toContain(KEY);
    expect(isMaskedKey(row.key)).toBe(true);
  });
  it('drops access tokens, passwords and webhook secrets', () => {
    const out = scrubSecrets({ access_token: 'tok', password: 'x', webhook_secret: 's', username: 'u' });
    expect(out).toEqual({ username: 'u' });
  });
  it('scrubs the JSON string inside user.setting', () => {
    const out = scrubSecrets({ setting: JSON.stringify({ webhook_secret: 'hush', notify_type: 'webhook' }) });
    expect(JSON.parse(out.setting)).toEqual({ notify_type: 'webhook' });
  });
  it('masks sk- keys inside free text', () => {
    expect(scrubSecrets(`copy sk-${KEY} now`)).not.toContain(KEY);
  });
  it('masks short keys completely', () => expect(maskKey('abc')).toBe('***'));
});
