// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../test/render-with-app';
import { RegisterPage } from './register-page';

describe('RegisterPage', () => {
  beforeEach(() => {
    localStorage.clear();
    stubFetch({ '/api/status': { success: true, message: '', data: { email_verification: false, setup: true } } });
  });
  afterEach(cleanup);
  it('shows the spec messages for a short password and a mismatch, without calling the server', async () => {
    const calls = stubFetch({ '/api/status': { success: true, message: '', data: { setup: true } } });
    renderWithApp(<RegisterPage />, '/register');
    fireEvent.change(await screen.findByLabelText('用户名'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('密码长度不得小于 8 位！', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致', { selector: 'p' })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/api/user/register'))).toBe(false);
  });
  it('stores the aff code from the link', async () => {
    renderWithApp(<RegisterPage aff="AbC1" />, '/register');
    await screen.findByLabelText('用户名');
    expect(localStorage.getItem('aff')).toBe('AbC1');
  });
});
