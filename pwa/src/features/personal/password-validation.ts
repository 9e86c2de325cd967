export interface PasswordChange {
  original: string;
  next: string;
  confirm: string;
}

/** Change-password checks; the result is an i18n key or null. */
export function validatePasswordChange({ original, next, confirm }: PasswordChange): string | null {
  if (!original) return 'personal.security.errors.originalRequired';
  if (!next) return 'personal.security.errors.newRequired';
  if (next.length < 8) return 'personal.security.errors.tooShort';
  if (next === original) return 'personal.security.errors.same';
  if (next !== confirm) return 'personal.security.errors.mismatch';
  return null;
}

/** Account deletion needs the exact current username typed in. */
export function deletionConfirmed(typed: string, username: string): boolean {
  return typed.trim() === username && username !== '';
}
