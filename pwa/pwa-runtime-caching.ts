import type { RuntimeCaching } from 'workbox-build';

/**
 * Runtime caching is an allow-list of public, secret-free GETs only.
 * Everything else under /api (token list with full keys, /api/user/self with the access token,
 * /api/user/token, options, logs) is never written to Cache Storage: offline data for those comes
 * from the app's own query persistence, which masks keys before saving (src/lib/query-persistence.ts).
 */
const PUBLIC_API = /^\/api\/(status|notice|about|home_page_content|pricing)\/?$/;

export const apiRuntimeCaching: RuntimeCaching[] = [
  {
    urlPattern: ({ url, request, sameOrigin }) =>
      sameOrigin && request.method === 'GET' && PUBLIC_API.test(url.pathname),
    handler: 'NetworkFirst',
    options: {
      cacheName: 'ferryman-public-api',
      networkTimeoutSeconds: 4,
      expiration: { maxEntries: 16, maxAgeSeconds: 7 * 24 * 3600 },
      cacheableResponse: { statuses: [200] },
    },
  },
  {
    // The operator-configured logo and other same-origin images.
    urlPattern: ({ request, sameOrigin }) => sameOrigin && request.destination === 'image',
    handler: 'StaleWhileRevalidate',
    options: {
      cacheName: 'ferryman-images',
      expiration: { maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 },
      cacheableResponse: { statuses: [200] },
    },
  },
];
