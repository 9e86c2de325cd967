/**
 * The bearer token of a Kling key (new-api kling createJWTTokenWithKey): an `AccessKey|SecretKey` key
 * signs an HS256 JWT with iss = AccessKey, valid from 5 s before `now` for 30 minutes; a `sk-` key is
 * another new-api and is sent as it is. Returns null for any other key.
 */
export async function klingBearer(key: string, now: number): Promise<string | null> {
  if (isNewApiKey(key)) return key;
  const parts = key.split('|');
  if (parts.length !== 2) return null;
  const [ak, sk] = parts.map((p) => p.trim()) as [string, string];
  if (!ak || !sk) return null;
  const at = Math.floor(now / 1000);
  const { SignJWT } = await import('jose'); // at first use, not in every relay thread's heap
  return new SignJWT({ iss: ak, exp: at + 1800, nbf: at - 5 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(sk));
}

/** A key of another new-api relaying Kling: its routes live under /kling. */
export const isNewApiKey = (key: string): boolean => key.startsWith('sk-');
