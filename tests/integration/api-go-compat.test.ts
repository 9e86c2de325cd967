import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../core/console-api/routes.js';
import { ConsoleClient, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';

// Two things new-api's own console (mid-2025 build) tripped over: JSON null in optional body fields, which
// Go decodes as the zero value, and a word where an :id belongs, which gin answers as an unknown path.

const invalidUrl = (method: string, path: string) => ({
  error: { message: `Invalid URL (${method} ${path})`, type: 'invalid_request_error', param: '', code: '' },
});

describe('Go-compatible bodies and paths', () => {
  let gw: TestGateway;
  let root: ConsoleClient;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupRoot(gw);
  });
  afterAll(() => gw?.stop());

  describe('an :id that is not a number is an unknown path', () => {
    const idRoutes = routes.filter((r) => r.path.includes(':id'));

    it('covers the :id routes of the table', () => {
      expect(idRoutes.length).toBeGreaterThanOrEqual(10);
    });

    it.each(idRoutes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s with a word for the id: 404', async (_label, route) => {
      const path = route.path.replace(/:id/g, 'whatever');
      const method = route.method.toUpperCase();
      // Anonymous too: an unknown path is unknown before any role check, as in gin.
      for (const client of [root, new ConsoleClient(gw)]) {
        const r = await client.call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(r.status).toBe(404);
        expect(r.body).toEqual(invalidUrl(method, path));
      }
    });

    it.each([
      ['GET', '/api/token/5/whatever'],
      ['GET', '/api/user/3/foo'],
      ['GET', '/api/channel/7/bar'],
      ['GET', '/api/token/usage'],
      ['DELETE', '/api/redemption/1e3'],
    ])('%s %s: 404', async (method, path) => {
      const r = await root.call(method, path);
      expect(r.status).toBe(404);
      expect(r.body).toEqual(invalidUrl(method, path));
    });

    it('keeps the answers of numeric ids on existing routes', async () => {
      expect((await root.get('/api/token/987654')).body).toEqual({ success: false, message: 'record not found' });
      expect((await root.get('/api/user/-1')).body).toEqual({ success: false, message: 'record not found' });
      // A number Go parses but no id can be stays the route's own refusal.
      expect((await root.get('/api/user/99999999999999999999')).body).toEqual({ success: false, message: '无效的参数' });
      // Static routes beside :id ones are untouched.
      expect((await root.get('/api/token/search?keyword=x')).body).toMatchObject({ success: true, data: [] });
      expect((await root.get(`/api/user/1`)).body).toMatchObject({ success: true, data: { username: 'root' } });
      // Without authentication a numeric id still meets the role check.
      expect((await new ConsoleClient(gw).get('/api/user/1')).status).toBe(401);
    });
  });

  describe('null in an optional body field is the zero value', () => {
    it('registers from new-api’s console, which sends aff_code, email and verification_code as null', async () => {
      const guest = new ConsoleClient(gw);
      const r = await guest.post('/api/user/register', {
        username: 'gonull',
        password: 'gonull-pass-1',
        password2: 'gonull-pass-1',
        email: null,
        verification_code: null,
        aff_code: null,
      });
      expect(r.body).toEqual({ success: true, message: '' });
      await guest.login('gonull', 'gonull-pass-1');
      const self = (await guest.get<{ username: string; inviter_id: number }>('/api/user/self')).body.data;
      expect(self).toMatchObject({ username: 'gonull', inviter_id: 0 });
    });

    it('creates and edits a token with null fields, leaving them as Go would', async () => {
      const create = await root.post('/api/token/', {
        name: 'nulls',
        remain_quota: 10,
        expired_time: null,
        unlimited_quota: null,
        model_limits_enabled: null,
        model_limits: null,
        allow_ips: null,
        group: null,
      });
      expect(create.body).toEqual({ success: true, message: '' });
      const [t] = (await root.get<Array<{ id: number; name: string; expired_time: number; group: string; remain_quota: number }>>('/api/token/search?keyword=nulls')).body.data!;
      expect(t).toMatchObject({ name: 'nulls', expired_time: -1, group: '', remain_quota: 10 });
      const edit = await root.put('/api/token/', { id: t!.id, name: null, remain_quota: 20, group: null, expired_time: null });
      expect(edit.body).toMatchObject({ success: true, data: { name: 'nulls', remain_quota: 20, expired_time: -1 } });
    });

    it('edits a user and saves settings with null fields', async () => {
      const [u] = await gw.sql<{ id: number }[]>`SELECT id FROM users WHERE username = 'gonull'`;
      const r = await root.put('/api/user/', { id: u!.id, username: null, display_name: 'Go Null', group: null, quota: null, password: null, role: null });
      expect(r.body).toEqual({ success: true, message: '' });
      expect((await gw.sql`SELECT display_name, "group" FROM users WHERE id = ${u!.id}`)[0]).toEqual({ display_name: 'Go Null', group: 'default' });
      const s = await root.put('/api/user/setting', { notify_type: 'email', quota_warning_threshold: 5, webhook_url: null, webhook_secret: null, notification_email: null });
      expect(s.body).toMatchObject({ success: true });
    });

    it('still refuses a body that is not JSON, and a required field given as null', async () => {
      expect((await root.post('/api/redemption/', '{"name":')).body).toEqual({ success: false, message: '无效的参数' });
      expect((await root.put('/api/redemption/', { id: null, name: 'x' })).body).toEqual({ success: false, message: '无效的参数' });
    });
  });
});
