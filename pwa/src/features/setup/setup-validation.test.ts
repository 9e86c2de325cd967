import { describe, expect, it } from 'vitest';
import { isEmbeddedDatabase } from './api';
import { setupPayload, validateSetup } from './setup-validation';

const values = { username: 'root', password: '12345678', confirmPassword: '12345678', mode: 'external' as const };

describe('setup', () => {
  it('validates credentials only while no administrator exists', () => {
    expect(validateSetup(values, false)).toEqual({});
    expect(validateSetup({ ...values, username: '  ', password: 'short', confirmPassword: 'x' }, false)).toEqual({
      username: 'setup.errors.usernameRequired',
      password: 'setup.errors.passwordTooShort',
      confirmPassword: 'setup.errors.passwordMismatch',
    });
    expect(validateSetup({ ...values, username: '', password: '' }, true)).toEqual({});
  });
  it('maps the usage mode to the two switches', () => {
    expect(setupPayload(values)).toMatchObject({ SelfUseModeEnabled: false, DemoSiteEnabled: false });
    expect(setupPayload({ ...values, mode: 'self' })).toMatchObject({ SelfUseModeEnabled: true, DemoSiteEnabled: false });
    expect(setupPayload({ ...values, mode: 'demo' })).toMatchObject({ SelfUseModeEnabled: false, DemoSiteEnabled: true });
  });
  it('warns for embedded databases', () => {
    expect(isEmbeddedDatabase('sqlite')).toBe(true);
    expect(isEmbeddedDatabase('embedded')).toBe(true);
    expect(isEmbeddedDatabase('PGlite')).toBe(true);
    expect(isEmbeddedDatabase('postgres')).toBe(false);
  });
});
