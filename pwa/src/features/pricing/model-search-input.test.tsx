// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModelSearchInput } from './model-search-input';

describe('ModelSearchInput', () => {
  afterEach(cleanup);
  it('reports plain typing at once', () => {
    const onChange = vi.fn();
    render(<ModelSearchInput value="" onChange={onChange} placeholder="search" />);
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'gpt' } });
    expect(onChange).toHaveBeenLastCalledWith('gpt');
  });
  it('waits for IME composition to end before filtering', () => {
    const onChange = vi.fn();
    render(<ModelSearchInput value="" onChange={onChange} placeholder="search" />);
    const input = screen.getByLabelText('search');
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: 'shen' } });
    fireEvent.change(input, { target: { value: 'shendu' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '深度' } });
    fireEvent.compositionEnd(input);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('深度');
  });
});
