// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userSchema, type User } from '../../../../core/contracts/user';
import { renderWithApp, stubFetch } from '../../test/render-with-app';
import { AddUserDrawer } from './add-user-drawer';
import { EditUserDrawer } from './edit-user-drawer';

const status = { success: true, data: { display_in_currency: true, quota_per_unit: 500000, setup: true } };
const bob: User = userSchema.parse({ id: 5, username: 'bob', display_name: 'Bob', role: 1, status: 1, quota: 500000, group: 'default', github_id: 'gh-77', email: 'bob@example.com' });
const sentBodies = (calls: ReturnType<typeof stubFetch>, method: string) =>
  calls.filter((c) => c.init?.method === method && c.url === '/api/user/').map((c) => JSON.parse(String(c.init?.body)));
const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }));

describe('AddUserDrawer', () => {
  let calls: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    calls = stubFetch({ '/api/status': status, '/api/user/': { success: true, message: '' } });
  });
  afterEach(cleanup);
  it('needs username and password (用户名和密码不能为空！)', async () => {
    renderWithApp(<AddUserDrawer open onOpenChange={() => {}} />);
    await screen.findByLabelText(/用户名/);
    submit();
    expect(await screen.findAllByText('用户名和密码不能为空！')).toHaveLength(2);
    expect(sentBodies(calls, 'POST')).toEqual([]);
  });
  it.each([
    [/用户名/, 'a-very-long-name', '用户名长度不能超过 12 个字符'],
    [/^密码/, 'short', '密码长度不得小于 8 位！'],
    [/^密码/, 'p'.repeat(21), '密码长度不能超过 20 位'],
    [/显示名称/, '名'.repeat(21), '显示名称不能超过 20 个字符'],
  ])('refuses %s = %s', async (label, value, message) => {
    renderWithApp(<AddUserDrawer open onOpenChange={() => {}} />);
    await screen.findByLabelText(/用户名/);
    fireEvent.change(field(/用户名/), { target: { value: 'carol' } });
    fireEvent.change(field(/^密码/), { target: { value: 'long-enough' } });
    fireEvent.change(field(label), { target: { value } });
    submit();
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(sentBodies(calls, 'POST')).toEqual([]);
  });
  it('creates with a trimmed username and an optional display name', async () => {
    renderWithApp(<AddUserDrawer open onOpenChange={() => {}} />);
    await screen.findByLabelText(/用户名/);
    fireEvent.change(field(/用户名/), { target: { value: ' carol ' } });
    fireEvent.change(field(/^密码/), { target: { value: 'long-enough' } });
    submit();
    await waitFor(() => expect(sentBodies(calls, 'POST')).toEqual([{ username: 'carol', display_name: '', password: 'long-enough' }]));
  });
});

describe('EditUserDrawer', () => {
  let calls: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', role: 100, status: 1 }));
    calls = stubFetch({ '/api/status': status, '/api/user/5': { success: true, data: bob }, '/api/user/1': { success: true, data: { ...bob, id: 1, username: 'root', role: 100 } }, '/api/group/': { success: true, data: ['default', 'vip'] }, '/api/user/': { success: true, message: '' } });
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
  it('shows bound accounts read-only and saves username, group and quota', async () => {
    renderWithApp(<EditUserDrawer user={{ ...bob, username: 'stale' }} onClose={() => {}} />);
    // the fresh record replaces the list's row before anything can be typed
    await waitFor(() => expect(field(/用户名/).value).toBe('bob'));
    expect(field(/GitHub/).value).toBe('gh-77');
    expect(field(/GitHub/).readOnly).toBe(true);
    expect(field(/邮箱账户/).value).toBe('bob@example.com');
    fireEvent.change(field(/用户名/), { target: { value: 'bobby' } });
    fireEvent.change(field(/^剩余额度/), { target: { value: '1000000' } });
    submit();
    await waitFor(() => expect(sentBodies(calls, 'PUT')).toEqual([{ id: 5, username: 'bobby', display_name: 'Bob', password: '', group: 'default', quota: 1000000 }]));
  });
  it('keeps the password unless a valid new one (8–20) is typed', async () => {
    renderWithApp(<EditUserDrawer user={bob} onClose={() => {}} />);
    await waitFor(() => expect(field(/用户名/).value).toBe('bob'));
    fireEvent.change(field(/^密码/), { target: { value: 'short' } });
    submit();
    expect((await screen.findAllByText('密码长度不得小于 8 位！')).length).toBeGreaterThan(0);
    fireEvent.change(field(/^剩余额度/), { target: { value: '1.5' } });
    submit();
    expect((await screen.findAllByText('请输入整数额度')).length).toBeGreaterThan(0);
    expect(sentBodies(calls, 'PUT')).toEqual([]);
  });
  it('adds a negative amount through the add-quota dialog, previewing old + addition', async () => {
    renderWithApp(<EditUserDrawer user={bob} onClose={() => {}} />);
    await waitFor(() => expect(field(/^剩余额度/).value).toBe('500000'));
    fireEvent.click(screen.getByRole('button', { name: /添加额度/ }));
    const dialog = await screen.findByRole('dialog', { name: '添加额度' });
    fireEvent.change(within(dialog).getByLabelText('需要添加的额度'), { target: { value: '-100000' } });
    expect(within(dialog).getByText('新额度：$1.00 + -$0.20 = $0.80')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(field(/^剩余额度/).value).toBe('400000'));
    // the dialog only changes the form: nothing is saved until the drawer is submitted
    expect(sentBodies(calls, 'PUT')).toEqual([]);
  });
  it('does not offer group or quota on one’s own account, and does not send them', async () => {
    const self = { ...bob, id: 1, username: 'root', role: 100 };
    renderWithApp(<EditUserDrawer user={self} onClose={() => {}} />);
    await waitFor(() => expect(field(/用户名/).value).toBe('root'));
    expect(screen.queryByLabelText(/^剩余额度/)).toBeNull();
    expect(screen.queryByLabelText('分组')).toBeNull();
    submit();
    await waitFor(() => expect(sentBodies(calls, 'PUT')).toEqual([{ id: 1, username: 'root', display_name: 'Bob', password: '' }]));
  });
});
