import { hash, verify } from '@node-rs/bcrypt';

// @node-rs/bcrypt runs on the libuv thread pool, so hashing never blocks the event loop; cost 10 keeps
// hashes interchangeable with new-api's (Go bcrypt.DefaultCost).
const COST = 10;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, COST);
}

export async function verifyPassword(plain: string, hashed: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(plain, hashed);
  } catch {
    return false;
  }
}
