import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startScript } from './ferryman-target.js';

const start = (script: string, env: NodeJS.ProcessEnv = {}) => startScript(JSON.stringify({ scripts: { start: script } }), env);

describe('startScript', () => {
  it('reads the flags and environment npm start gives node, which the image gives it too', () => {
    const { nodeArgs, env } = startScript(undefined, {});
    expect(nodeArgs).toContain('--max-semi-space-size=4');
    expect(env).toEqual({ MALLOC_ARENA_MAX: '1' });
    const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8');
    const cmd = dockerfile.match(/^CMD (\[.*\])$/m);
    expect(JSON.parse(cmd![1]!)).toEqual(['node', ...nodeArgs, 'dist/core/main.js']);
    const imageEnv = dockerfile.match(/^ENV (.*)$/m)![1]!.split(' ');
    for (const [name, value] of Object.entries(env)) expect(imageEnv).toContain(`${name}=${value}`);
  });

  it('resolves ${NAME:-default} as the shell does', () => {
    const script = 'MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-1} A=b node --x dist/core/main.js';
    expect(start(script)).toEqual({ nodeArgs: ['--x'], env: { MALLOC_ARENA_MAX: '1', A: 'b' } });
    expect(start(script, { MALLOC_ARENA_MAX: '4' }).env.MALLOC_ARENA_MAX).toBe('4');
    expect(start(script, { MALLOC_ARENA_MAX: '' }).env.MALLOC_ARENA_MAX).toBe('1');
  });

  it('refuses a start script it cannot read', () => {
    expect(start('node dist/core/main.js')).toEqual({ nodeArgs: [], env: {} });
    expect(() => start('tsx core/main.ts')).toThrow(/npm start is not/);
    expect(() => start('A=$(pwd) node dist/core/main.js')).toThrow(/does not follow/);
  });
});
