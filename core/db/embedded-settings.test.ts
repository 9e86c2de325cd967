import { describe, expect, it } from 'vitest';
import { embeddedDataDir, embeddedStartParams } from './embedded-settings.js';

describe('embedded database settings', () => {
  it.each([
    [16, ['--single', '-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB', '-c', 'default_statistics_target=25']],
    [128, ['--single', '-c', 'shared_buffers=128MB', '-c', 'maintenance_work_mem=16MB', '-c', 'default_statistics_target=25']],
  ])('sizes shared_buffers at %i MB after PGlite’s own parameters', (mb, expected) => {
    expect(embeddedStartParams(['--single'], { sharedBuffersMb: mb })).toEqual(expected);
  });

  it('keeps the database in DATA_DIR/pglite', () => {
    expect(embeddedDataDir('/srv/ferryman')).toBe('/srv/ferryman/pglite');
  });
});
