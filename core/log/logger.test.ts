import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

describe('logger', () => {
  it('never prints keys, passwords or sk- strings', () => {
    const lines: string[] = [];
    const log = createLogger(false, (l) => lines.push(l));
    log.error('upstream said sk-abcdefghijklmnop is invalid', { key: 'sk-secret', password: 'hunter22', nested: { note: 'sk-zzzzzzzzzz' } });
    const out = lines.join('');
    expect(out).not.toMatch(/abcdefghijklmnop|hunter22|sk-secret|zzzzzzzzzz/);
    expect(out).toMatch(/sk-\*\*\*/);
  });
});
