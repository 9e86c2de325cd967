import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../db/connect.js';

/** Email codes (register, email bind) and password-reset tokens share one store, told apart by purpose. */
export type CodePurpose = 'verify' | 'reset';

/** new-api's VerificationValidMinutes. */
export const CODE_VALID_MINUTES = 10;

/** Email code: the first 6 hex characters of a UUIDv4, as new-api. */
export const newEmailCode = (): string => randomUUID().replaceAll('-', '').slice(0, 6);
/** Reset token: a UUIDv4 as 32 hex characters. */
export const newResetToken = (): string => randomUUID().replaceAll('-', '');

const digest = (code: string): string => createHash('sha256').update(code).digest('hex');
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

// Codes live in the verification_codes table (sql/0003): hashed, one per (purpose, email), valid
// CODE_VALID_MINUTES. Unlike new-api, a code is single-use: `consumeCode` deletes it in the same statement
// that checks it, so two requests racing with one code cannot both succeed.

/** Stores a code for the email, replacing any earlier one, and drops expired rows while at it. */
export async function issueCode(sql: Sql, purpose: CodePurpose, email: string, code: string): Promise<void> {
  const now = nowSeconds();
  await sql`DELETE FROM verification_codes WHERE expires_at < ${now}`;
  await sql`
    INSERT INTO verification_codes (purpose, email, code_hash, expires_at)
    VALUES (${purpose}, ${email}, ${digest(code)}, ${now + CODE_VALID_MINUTES * 60})
    ON CONFLICT (purpose, email) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at`;
}

/** True when the code is current for the email; nothing is consumed (for checks that precede the use). */
export async function checkCode(sql: Sql, purpose: CodePurpose, email: string, code: string): Promise<boolean> {
  if (!email || !code) return false;
  const [row] = await sql<{ code_hash: string }[]>`
    SELECT code_hash FROM verification_codes WHERE purpose = ${purpose} AND email = ${email} AND expires_at >= ${nowSeconds()}`;
  return row !== undefined && sameDigest(row.code_hash, digest(code));
}

/** Checks and deletes the code atomically; true for exactly one caller per issued code. */
export async function consumeCode(sql: Sql, purpose: CodePurpose, email: string, code: string): Promise<boolean> {
  if (!email || !code) return false;
  const rows = await sql`
    DELETE FROM verification_codes
    WHERE purpose = ${purpose} AND email = ${email} AND code_hash = ${digest(code)} AND expires_at >= ${nowSeconds()}
    RETURNING 1`;
  return rows.length === 1;
}

// The stored value is a digest, so comparing it in constant time reveals nothing about the code itself;
// it is done anyway so the check never depends on where two strings first differ.
function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
