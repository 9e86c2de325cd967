import { defineConfig } from 'vitest/config';

// Integration tests spawn real gateway processes; two cores means few files at once.
export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'workers/**/*.test.ts', 'bench/**/*.test.ts', 'tests/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'pwa/dist'],
    globalSetup: ['tests/support/ensure-pwa-build.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    // A gateway boots in a few seconds, but under a loaded 2-core machine (tsx compiling on boot) it has taken ~50 s.
    hookTimeout: 180_000,
  },
});
