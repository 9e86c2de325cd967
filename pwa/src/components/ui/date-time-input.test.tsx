// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { DateTimeInput } from './date-time-input';

function Controlled({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <DateTimeInput id="when" value={value} onChange={(e) => setValue(e.target.value)} />;
}

const shown = () => document.querySelector('[data-date-time-text]')?.textContent;
const input = () => document.querySelector<HTMLInputElement>('#when')!;

describe('DateTimeInput', () => {
  afterEach(async () => {
    cleanup();
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it('writes the value the Chinese way by default and keeps the native value for the form', () => {
    render(<Controlled initial="2026-11-25T01:18" />);
    expect(shown()).toBe('2026-11-25 01:18');
    expect(input().type).toBe('datetime-local');
    expect(input().value).toBe('2026-11-25T01:18');
    expect(input().lang).toBe('zh-CN');
  });

  it('follows a switch to English and every change of the value', async () => {
    render(<Controlled initial="2026-11-25T01:18" />);
    await act(() => i18n.changeLanguage('en'));
    expect(shown()).toBe('Nov 25, 2026, 01:18');
    expect(input().lang).toBe('en');
    fireEvent.change(input(), { target: { value: '2026-12-01T23:05' } });
    expect(shown()).toBe('Dec 1, 2026, 23:05');
  });

  it('shows a placeholder in the console language when empty', () => {
    render(<Controlled initial="" />);
    expect(shown()).toBe('年-月-日 时:分');
  });
});
