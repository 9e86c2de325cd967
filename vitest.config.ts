import { defineConfig } from 'vitest/config';

// Integration tests spawn real gateway processes; two cores means few files at once.
export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'workers/**/*.test.ts', 'bench/**/*.test.ts', 'tests/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}'],
    // bench/results holds the peer gateway's own install (npm run bench): its packages' tests are not ours
    exclude: ['**/node_modules/**', 'dist', 'pwa/dist', 'bench/results/**'],
    globalSetup: ['tests/support/ensure-pwa-build.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    // A gateway boots in a few seconds, but under a loaded 2-core machine (tsx compiling on boot) it has taken ~50 s.
    hookTimeout: 180_000,
    // expect.poll's 1 s default is shorter than a console page takes to fetch and render beside CI's other files
    // (an edit drawer's fields read '' after 1 s on one run); a longer wait only slows a test that fails anyway.
    expect: { poll: { timeout: 15_000 } },
  },
});
