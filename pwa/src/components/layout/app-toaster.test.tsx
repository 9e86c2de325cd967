// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from './app-toaster';

/** A window whose `(max-width: 600px)` query matches or not. */
function viewport(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query.includes('max-width: 600px'), media: query, addEventListener() {}, removeEventListener() {} }));
}

async function shownToaster() {
  render(<AppToaster />);
  await act(async () => {
    toast.error('one');
    toast.error('two');
  });
  await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]').length).toBe(2));
  return document.querySelector('[data-sonner-toaster]');
}

describe('AppToaster', () => {
  afterEach(() => {
    act(() => toast.dismiss());
    cleanup();
    vi.unstubAllGlobals();
  });

  it('stacks toasts at the bottom on phones, clear of a drawer’s title and close button', async () => {
    viewport(true);
    const toaster = await shownToaster();
    expect([toaster?.getAttribute('data-y-position'), toaster?.getAttribute('data-x-position')]).toEqual(['bottom', 'center']);
    // above a drawer's footer bar, so its submit button is never under a toast
    expect((toaster as HTMLElement).style.getPropertyValue('--mobile-offset-bottom')).toContain('76px');
    expect(document.querySelectorAll('[data-sonner-toast] [data-close-button]').length).toBe(2);
  });

  it('keeps them at the top centre on larger screens', async () => {
    viewport(false);
    const toaster = await shownToaster();
    expect(toaster?.getAttribute('data-y-position')).toBe('top');
  });
});
