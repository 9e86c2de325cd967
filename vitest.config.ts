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
    hookTimeout: 60_000,
  },
});
