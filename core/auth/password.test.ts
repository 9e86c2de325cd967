import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('hashes with bcrypt cost 10 and verifies', async () => {
    const h = await hashPassword('correct horse');
    expect(h).toMatch(/^\$2[aby]\$10\$/);
    expect(await verifyPassword('correct horse', h)).toBe(true);
    expect(await verifyPassword('wrong horse', h)).toBe(false);
  });

  it('accepts the $2a$ hashes new-api (Go bcrypt) stores', async () => {
    const h = (await hashPassword('123456')).replace(/^\$2b\$/, '$2a$');
    expect(await verifyPassword('123456', h)).toBe(true);
  });

  it('never throws on an empty or malformed stored hash', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });
});
