// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render-with-app';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  afterEach(cleanup);
  it('says 页面不存在 and asks to check the address', async () => {
    renderWithApp(<NotFoundPage />, '/nowhere');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
    expect(screen.getByText('请检查你的浏览器地址是否正确')).toBeTruthy();
  });
});
