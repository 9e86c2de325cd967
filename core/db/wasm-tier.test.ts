import { describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.js';
import { embeddedWasmTier } from './wasm-tier.js';

describe('embeddedWasmTier', () => {
  it.each([
    [{}, 'baseline'],
    [{ MALLOC_ARENA_MAX: '1' }, 'optimized'],
    [{ MALLOC_ARENA_MAX: '2' }, 'optimized'],
    [{ MALLOC_ARENA_MAX: '8' }, 'baseline'],
    // glibc ignores 0 (no cap), and a value it cannot read
    [{ MALLOC_ARENA_MAX: '0' }, 'baseline'],
    [{ MALLOC_ARENA_MAX: 'two' }, 'baseline'],
    [{ MALLOC_ARENA_MAX: '1', EMBEDDED_DB_OPTIMIZING_COMPILER: 'false' }, 'baseline'],
    [{ EMBEDDED_DB_OPTIMIZING_COMPILER: 'true' }, 'optimized'],
  ])('%o → %s', (vars, tier) => {
    expect(embeddedWasmTier(loadEnv(vars))).toBe(tier);
  });
});
