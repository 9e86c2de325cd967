import { describe, expect, it } from 'vitest';
import { adminAllowed, afterLoginTarget, loginRedirectFor, setupRedirectFor } from './route-guards';

const user = (role: number) => ({ id: 1, username: 'u', display_name: 'u', role, status: 1, group: 'default' });

describe('route guards', () => {
  it('sends visitors without a stored user to /login with the expired notice', () => {
    expect(loginRedirectFor(null, '/token?page=2')).toEqual({ to: '/login', search: { expired: true, redirect: '/token?page=2' } });
    expect(loginRedirectFor(user(1), '/token')).toBeNull();
  });
  it('admin routes need role ≥ 10', () => {
    expect(adminAllowed(null)).toBe(false);
    expect(adminAllowed(user(1))).toBe(false);
    expect(adminAllowed(user(10))).toBe(true);
    expect(adminAllowed(user(100))).toBe(true);
  });
  it('sends every path to /setup until setup is done, and /setup to / afterwards', () => {
    expect(setupRedirectFor('/token', false)).toBe('/setup');
    expect(setupRedirectFor('/', false)).toBe('/setup');
    expect(setupRedirectFor('/setup', false)).toBeNull();
    expect(setupRedirectFor('/setup', true)).toBe('/');
    expect(setupRedirectFor('/token', true)).toBeNull();
    expect(setupRedirectFor('/setupx', true)).toBeNull();
  });
  it('after login goes back to a same-site path, else /token', () => {
    expect(afterLoginTarget(undefined)).toBe('/token');
    expect(afterLoginTarget('/log?type=2')).toBe('/log?type=2');
    expect(afterLoginTarget('//evil.example')).toBe('/token');
    expect(afterLoginTarget('https://evil.example')).toBe('/token');
    expect(afterLoginTarget('/login?expired=true')).toBe('/token');
  });
});
