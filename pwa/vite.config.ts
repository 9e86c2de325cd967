import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './pwa-manifest.ts';
import { apiRuntimeCaching } from './pwa-runtime-caching.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const gateway = process.env.FERRYMAN_GATEWAY ?? 'http://localhost:3000';
/** Changes with every build so a rebuilt shell always yields a new service worker. */
const buildId = process.env.FERRYMAN_BUILD_ID ?? new Date().toISOString();

export default defineConfig({
  root: here('.'),
  publicDir: here('public'),
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  // zod without its eval probe, which the console's Content-Security-Policy would report (see the module).
  resolve: { alias: [{ find: /^zod$/, replacement: here('src/lib/zod-jitless.ts') }] },
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: here('src/routes'),
      generatedRouteTree: here('src/routeTree.gen.ts'),
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: pwaManifest,
      includeAssets: ['favicon.svg', 'favicon-32.png', 'apple-touch-icon.png', 'logo.png'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        navigateFallback: '/index.html',
        // Server routes are never answered with the SPA shell.
        navigateFallbackDenylist: [/^\/(api|v1|v1beta|pg|mj|suno|dashboard)(\/|$)/],
        cleanupOutdatedCaches: true,
        runtimeCaching: apiRuntimeCaching,
        // Web Push handlers for administrators' alerts (public/push-sw.js), beside workbox's own code.
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  build: { outDir: here('dist'), emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: {
    proxy: {
      '/api': gateway,
      '/v1': gateway,
      '/pg': gateway,
    },
  },
});
