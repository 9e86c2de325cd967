import { DISPLAY_NAME_MAX, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../../contracts/admin-user.js';

/** The user fields new-api validates on register, create and edit (validator tags on model.User). */
export interface UserFields {
  username?: string;
  password?: string;
  display_name?: string;
  email?: string;
}

type Rule = { key: keyof UserFields; goName: string; min?: number; max: number };

// Struct order, because go-playground/validator reports failures in field order.
const RULES: Rule[] = [
  { key: 'username', goName: 'Username', max: USERNAME_MAX },
  { key: 'password', goName: 'Password', min: PASSWORD_MIN, max: PASSWORD_MAX },
  { key: 'display_name', goName: 'DisplayName', max: DISPLAY_NAME_MAX },
  { key: 'email', goName: 'Email', max: EMAIL_MAX },
];

/**
 * new-api's `输入不合法 <validator text>` message, or null. Lengths count characters (runes), as the Go
 * validator does; several failures are joined with a newline, as ValidationErrors.Error() does.
 */
export function userFieldError(u: UserFields): string | null {
  const failures: string[] = [];
  for (const r of RULES) {
    const length = [...(u[r.key] ?? '')].length;
    const tag = r.min !== undefined && length < r.min ? 'min' : length > r.max ? 'max' : null;
    if (tag) failures.push(`Key: 'User.${r.goName}' Error:Field validation for '${r.goName}' failed on the '${tag}' tag`);
  }
  return failures.length ? `输入不合法 ${failures.join('\n')}` : null;
}

/** new-api fills an empty password with a placeholder before validating edits, so "" means "unchanged". */
export function editFieldError(u: UserFields): string | null {
  return userFieldError({ ...u, password: u.password || 'placeholder' });
}
