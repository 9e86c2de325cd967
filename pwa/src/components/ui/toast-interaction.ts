/**
 * For a modal's onInteractOutside: a tap on a toast (its close button, a swipe) is not a tap outside the
 * dialog, so it must not close the drawer or dialog the toast is about. Toasts live outside every dialog.
 */
export function keepOpenOnToast(event: { target: EventTarget | null; preventDefault: () => void }): void {
  if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]')) event.preventDefault();
}
