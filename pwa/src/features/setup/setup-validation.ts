import { PASSWORD_MIN, USERNAME_MAX } from '../../../../core/contracts/admin-user';

export type UsageMode = 'external' | 'self' | 'demo';

export interface SetupValues {
  username: string;
  password: string;
  confirmPassword: string;
  mode: UsageMode;
}

export type SetupErrors = Partial<Record<'username' | 'password' | 'confirmPassword', string>>;

/** Credentials are checked only while no administrator exists. Values are i18n keys. */
export function validateSetup(values: SetupValues, rootInitialised: boolean): SetupErrors {
  if (rootInitialised) return {};
  const errors: SetupErrors = {};
  if (!values.username.trim()) errors.username = 'setup.errors.usernameRequired';
  else if (values.username.trim().length > USERNAME_MAX) errors.username = 'setup.errors.usernameTooLong';
  if (values.password.length < PASSWORD_MIN) errors.password = 'setup.errors.passwordTooShort';
  if (values.password !== values.confirmPassword) errors.confirmPassword = 'setup.errors.passwordMismatch';
  return errors;
}

export function setupPayload(values: SetupValues) {
  return {
    username: values.username.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    SelfUseModeEnabled: values.mode === 'self',
    DemoSiteEnabled: values.mode === 'demo',
  };
}
