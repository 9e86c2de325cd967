import { describe, expect, it } from 'vitest';
import { validateRegister } from './register-validation';

const ok = { username: 'alice', password: 'secret123', password2: 'secret123', email: '', verification_code: '' };

describe('validateRegister', () => {
  it('accepts a valid form', () => expect(validateRegister(ok, false)).toEqual({}));
  it('requires username and password', () => {
    expect(validateRegister({ ...ok, username: ' ', password: '', password2: '' }, false)).toEqual({
      username: 'register.errors.usernameRequired',
      password: 'register.errors.passwordRequired',
    });
  });
  it('needs at least 8 characters and a matching confirmation', () => {
    expect(validateRegister({ ...ok, password: 'short', password2: 'short' }, false).password).toBe('register.errors.passwordTooShort');
    expect(validateRegister({ ...ok, password2: 'other1234' }, false).password2).toBe('register.errors.passwordMismatch');
  });
  it('caps the username at 12 and the password at 20', () => {
    expect(validateRegister({ ...ok, username: 'a'.repeat(13) }, false).username).toBe('register.errors.usernameTooLong');
    expect(validateRegister({ ...ok, password: 'p'.repeat(21), password2: 'p'.repeat(21) }, false).password).toBe('register.errors.passwordTooLong');
  });
  it('needs email and code when email verification is on', () => {
    expect(validateRegister(ok, true)).toEqual({ email: 'register.errors.emailRequired', verification_code: 'register.errors.codeRequired' });
  });
});
