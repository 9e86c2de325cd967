import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startScriptNodeArgs } from './ferryman-target.js';

describe('startScriptNodeArgs', () => {
  it('reads the flags npm start gives node, which the image passes too', () => {
    const flags = startScriptNodeArgs();
    expect(flags).toContain('--max-semi-space-size=4');
    const cmd = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8').match(/^CMD (\[.*\])$/m);
    expect(JSON.parse(cmd![1]!)).toEqual(['node', ...flags, 'dist/core/main.js']);
  });

  it('refuses a start script it cannot read the flags of', () => {
    expect(startScriptNodeArgs(JSON.stringify({ scripts: { start: 'node dist/core/main.js' } }))).toEqual([]);
    expect(() => startScriptNodeArgs(JSON.stringify({ scripts: { start: 'tsx core/main.ts' } }))).toThrow(/npm start is not/);
  });
});
