/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

/** ISO time of the build, injected by vite.config.ts; distinguishes service worker versions. */
declare const __BUILD_ID__: string;
