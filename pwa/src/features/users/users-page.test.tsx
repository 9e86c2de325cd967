// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userSchema } from '../../../../core/contracts/user';
import { renderWithApp, stubFetch } from '../../test/render-with-app';
import { UsersPage } from './users-page';

const user = (id: number, username: string, role: number, extra: object = {}) => userSchema.parse({ id, username, display_name: username, role, status: 1, DeletedAt: null, ...extra });
const items = [user(4, 'carol', 1), user(3, 'gone', 1, { DeletedAt: '2025-01-01T00:00:00Z' }), user(2, 'adam', 10), user(1, 'root', 100)];
const search = { page: 1, size: 10, sort: '', keyword: '', group: '' };
const rowOf = (name: string) => screen.getByText(name, { selector: 'span.font-medium' }).closest('tr')!;

function setup(me: { id: number; role: number }, manageAnswer: object = { success: true, data: { role: 10, status: 1 } }) {
  localStorage.setItem('user', JSON.stringify({ ...me, username: 'me', status: 1 }));
  return stubFetch({
    '/api/status': { success: true, data: { setup: true } },
    '/api/user/manage': manageAnswer,
    '/api/user/': { success: true, data: { items, total: 4, page: 1, page_size: 10 } },
    '/api/group/': { success: true, data: ['default'] },
  });
}

describe('UsersPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('marks deregistered users 已注销 with no actions, and gives an admin no action on peers or root', async () => {
    setup({ id: 2, role: 10 });
    renderWithApp(<UsersPage search={search} onSearchChange={() => {}} />, '/user');
    await screen.findByText('carol', { selector: 'span.font-medium' });
    expect(within(rowOf('gone')).getByText('已注销')).toBeTruthy();
    for (const name of ['gone', 'adam', 'root']) expect(within(rowOf(name)).queryByRole('button')).toBeNull();
    expect(within(rowOf('carol')).getByRole('button', { name: /编辑/ })).toBeTruthy();
    fireEvent.keyDown(within(rowOf('carol')).getByRole('button', { name: '更多' }), { key: 'Enter' });
    await screen.findByRole('menuitem', { name: /禁用/ });
    expect(screen.queryByRole('menuitem', { name: /提升/ })).toBeNull();
  });

  it('promotes after confirming and shows the role the server answered at once', async () => {
    const calls = setup({ id: 1, role: 100 });
    // The list read again after the change never answers here, so what shows is the manage answer.
    const stubbed = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      calls.some((c) => c.url === '/api/user/manage') && String(input).startsWith('/api/user/?') ? new Promise<Response>(() => {}) : stubbed(input, init)) as typeof fetch;
    renderWithApp(<UsersPage search={search} onSearchChange={() => {}} />, '/user');
    await screen.findByText('carol', { selector: 'span.font-medium' });
    fireEvent.keyDown(within(rowOf('carol')).getByRole('button', { name: '更多' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: /提升/ }));
    expect(await screen.findByText('确定将 carol 提升为管理员？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '提升' }));
    await waitFor(() => expect(within(rowOf('carol')).getByText('管理员')).toBeTruthy());
    const manage = calls.find((c) => c.url === '/api/user/manage');
    expect(JSON.parse(String(manage?.init?.body))).toEqual({ id: 4, action: 'promote' });
  });
});
