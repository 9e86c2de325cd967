export interface RegisterValues {
  username: string;
  password: string;
  password2: string;
  email: string;
  verification_code: string;
}

export type RegisterErrors = Partial<Record<keyof RegisterValues, string>>;

/** Client checks before registering; values are i18n keys of the messages. */
export function validateRegister(values: RegisterValues, emailVerification: boolean): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!values.username.trim()) errors.username = 'register.errors.usernameRequired';
  else if (values.username.trim().length > 12) errors.username = 'register.errors.usernameTooLong';
  if (!values.password) errors.password = 'register.errors.passwordRequired';
  else if (values.password.length < 8) errors.password = 'register.errors.passwordTooShort';
  else if (values.password.length > 20) errors.password = 'register.errors.passwordTooLong';
  if (values.password && values.password !== values.password2) errors.password2 = 'register.errors.passwordMismatch';
  if (emailVerification) {
    if (!values.email.trim()) errors.email = 'register.errors.emailRequired';
    if (!values.verification_code.trim()) errors.verification_code = 'register.errors.codeRequired';
  }
  return errors;
}
