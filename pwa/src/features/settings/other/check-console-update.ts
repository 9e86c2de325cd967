export type UpdateCheck = 'latest' | 'available' | 'failed';

/**
 * Asks the server whether it serves a newer console than the one installed (the service worker's update
 * check). A newer build is then offered by the shell's update prompt; without a service worker (dev server)
 * the console is always the server's current one.
 */
export async function checkConsoleUpdate(): Promise<UpdateCheck> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration) return 'latest';
    await registration.update();
    return registration.installing || registration.waiting ? 'available' : 'latest';
  } catch {
    return 'failed';
  }
}
