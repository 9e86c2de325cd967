// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { keepOpenOnToast } from './toast-interaction';

function tapOn(target: Element) {
  const preventDefault = vi.fn();
  keepOpenOnToast({ target, preventDefault });
  return preventDefault.mock.calls.length;
}

describe('keepOpenOnToast', () => {
  it('keeps a dialog open when the tap lands on a toast, and only then', () => {
    document.body.innerHTML = '<ol data-sonner-toaster><li data-sonner-toast><button data-close-button></button></li></ol><main><button id="page"></button></main>';
    expect(tapOn(document.querySelector('[data-close-button]')!)).toBe(1);
    expect(tapOn(document.querySelector('[data-sonner-toast]')!)).toBe(1);
    expect(tapOn(document.querySelector('#page')!)).toBe(0);
  });
});
