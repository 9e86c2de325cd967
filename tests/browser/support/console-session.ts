import type { Page } from 'playwright-core';

export const ROOT = { username: 'root', password: 'ferryman-root-1' };

/** Signs in through the login form and waits for the token page. */
export async function signIn(page: Page, username = ROOT.username, password = ROOT.password): Promise<void> {
  await page.goto('/login');
  await page.fill('#login-username', username);
  await page.fill('#login-password', password);
  await page.click('form button[type=submit]');
  await page.waitForURL(/\/token/);
}

/** A console API call made by the page itself (session cookie + New-API-User from local storage). */
export async function pageApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
      const res = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'New-API-User': String(user.id ?? -1) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as T;
    },
    { method, path, body },
  );
}

/** Reads the clipboard from the page (the context must have clipboard permissions). */
export function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}
