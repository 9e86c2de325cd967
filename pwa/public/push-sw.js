/*
 * Web Push alerts for administrators. The generated service worker loads this file with importScripts
 * (vite.config.ts: workbox.importScripts), so the precache and offline behaviour stay workbox's own.
 * The server sends JSON {title, body, tag, url} (core/push/admin-event.ts: PushMessage).
 */
/* eslint-env serviceworker */

/** A notification from a push payload; a payload that is not our JSON still shows as plain text. */
function ferrymanNotification(data) {
  let message = {};
  try {
    message = data ? data.json() : {};
  } catch {
    message = { body: data ? data.text() : '' };
  }
  const text = (v, fallback) => (typeof v === 'string' && v ? v : fallback);
  return {
    title: text(message.title, 'Ferryman'),
    options: {
      body: text(message.body, ''),
      tag: text(message.tag, undefined),
      icon: '/icons/icon-192.png',
      badge: '/favicon-32.png',
      data: { url: text(message.url, '/') },
    },
  };
}

/** Only pages of this console are opened from a notification. */
function ferrymanTarget(url, origin) {
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

self.addEventListener('push', (event) => {
  const { title, options } = ferrymanNotification(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const href = ferrymanTarget(event.notification.data && event.notification.data.url, self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      if (open) return open.navigate(href).then((w) => (w || open).focus());
      return self.clients.openWindow(href);
    }),
  );
});
