// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InlineEditCell } from './inline-edit-cell';

const isInteger = (v: string) => /^-?\d+$/.test(v);

describe('InlineEditCell', () => {
  afterEach(cleanup);
  it('saves a changed value on Enter and shows the button again', async () => {
    const onCommit = vi.fn().mockResolvedValue(undefined);
    render(<InlineEditCell value={5} label="priority" onCommit={onCommit} validate={isInteger} />);
    fireEvent.click(screen.getByRole('button', { name: 'priority' }));
    const input = screen.getByRole('textbox', { name: 'priority' });
    fireEvent.change(input, { target: { value: ' 12 ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith('12');
    await waitFor(() => expect(screen.getByRole('button', { name: 'priority' })).toBeTruthy());
  });
  it('keeps the input open and marked invalid for a refused value, and cancels on Escape', () => {
    const onCommit = vi.fn().mockResolvedValue(undefined);
    render(<InlineEditCell value={5} label="weight" onCommit={onCommit} validate={isInteger} />);
    fireEvent.click(screen.getByRole('button', { name: 'weight' }));
    const input = screen.getByRole('textbox', { name: 'weight' });
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onCommit).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'weight' }).textContent).toBe('5');
  });
  it('does not call the server when the value did not change (blur)', () => {
    const onCommit = vi.fn().mockResolvedValue(undefined);
    render(<InlineEditCell value={5} label="weight" onCommit={onCommit} />);
    fireEvent.click(screen.getByRole('button', { name: 'weight' }));
    fireEvent.blur(screen.getByRole('textbox', { name: 'weight' }));
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'weight' })).toBeTruthy();
  });
  it('keeps the old value when saving fails', async () => {
    const onCommit = vi.fn().mockRejectedValue(new Error('refused'));
    render(<InlineEditCell value={5} label="weight" onCommit={onCommit} />);
    fireEvent.click(screen.getByRole('button', { name: 'weight' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'weight' }), { target: { value: '9' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'weight' }), { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'weight' }).textContent).toBe('5'));
  });
});
