// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import '../../lib/i18n';
import { useZodForm } from './use-zod-form';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn() } }));

const schema = z.object({ name: z.string().trim().min(1, 'users.form.errors.required'), count: z.string().regex(/^\d+$/, 'redemptions.form.errors.count').transform(Number) });

function Probe({ onValid }: { onValid: (data: { name: string; count: number }) => Promise<unknown> }) {
  const form = useZodForm(schema, { name: '', count: '1' });
  return (
    <form onSubmit={form.submit(onValid)}>
      <input aria-label="name" {...form.bind('name')} />
      <input aria-label="count" {...form.bind('count')} />
      <span data-testid="name-error">{form.error('name')}</span>
      <span data-testid="count-error">{form.error('count')}</span>
      <span data-testid="pending">{String(form.pending)}</span>
      <button type="submit">go</button>
    </form>
  );
}

describe('useZodForm', () => {
  beforeEach(() => toastError.mockClear());
  afterEach(cleanup);
  it('shows each field’s first message (translated) and does not submit', () => {
    const onValid = vi.fn().mockResolvedValue(undefined);
    render(<Probe onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('count'), { target: { value: 'x' } });
    fireEvent.submit(screen.getByRole('button'));
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByTestId('name-error').textContent).toBe('用户名和密码不能为空！');
    expect(screen.getByTestId('count-error').textContent).toBe('生成数量必须是 1 到 100 之间的整数');
    expect(toastError).toHaveBeenCalledWith('用户名和密码不能为空！');
    expect(screen.getByLabelText('name').getAttribute('aria-invalid')).toBe('true');
    // typing clears that field's error
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'a' } });
    expect(screen.getByTestId('name-error').textContent).toBe('');
  });
  it('passes the parsed output and refuses a second submit while the first runs', async () => {
    let finish: () => void = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Probe onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('name'), { target: { value: '  batch ' } });
    fireEvent.change(screen.getByLabelText('count'), { target: { value: '3' } });
    fireEvent.submit(screen.getByRole('button'));
    fireEvent.submit(screen.getByRole('button'));
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith({ name: 'batch', count: 3 });
    expect(toastError).toHaveBeenCalledWith('提交失败，请勿重复提交！');
    expect(screen.getByTestId('pending').textContent).toBe('true');
    await act(async () => finish());
    expect(screen.getByTestId('pending').textContent).toBe('false');
    fireEvent.submit(screen.getByRole('button'));
    expect(onValid).toHaveBeenCalledTimes(2);
  });
  it('does not send anything while offline', () => {
    const onValid = vi.fn().mockResolvedValue(undefined);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Probe onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'a' } });
    fireEvent.submit(screen.getByRole('button'));
    expect(onValid).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith('当前离线，无法执行写操作，请联网后重试');
    online.mockRestore();
  });
});
