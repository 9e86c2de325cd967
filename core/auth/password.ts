import { hash, verify } from '@node-rs/bcrypt';

// @node-rs/bcrypt runs on the libuv thread pool, so hashing never blocks the event loop; cost 10 keeps
// hashes interchangeable with new-api's (Go bcrypt.DefaultCost).
const COST = 10;

export async function hashPassword(plain: string): Promise<string> {
  // This build labels its hashes $2y$; the algorithm is the same as $2a$, the prefix Go's bcrypt writes,
  // so store that one and keep hashes interchangeable with new-api's.
  return (await hash(plain, COST)).replace(/^\$2[by]\$/, '$2a$');
}

export async function verifyPassword(plain: string, hashed: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(plain, hashed);
  } catch {
    return false;
  }
}
