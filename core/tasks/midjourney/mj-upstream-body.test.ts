import { describe, expect, it } from 'vitest';
import { mjUpstreamBody, type MjForwardSwitches } from './mj-upstream-body.js';

const body = { prompt: 'a cat --fast --v 6 --relax', accountFilter: { instanceId: 'x' }, notifyHook: 'https://me/hook', botType: 'MID_JOURNEY' };
const off: MjForwardSwitches = { accountFilter: false, notifyHook: false, clearMode: false };

describe('mjUpstreamBody', () => {
  it.each<[Partial<MjForwardSwitches>, Record<string, unknown>]>([
    [{}, { prompt: body.prompt, botType: 'MID_JOURNEY' }],
    [{ accountFilter: true }, { prompt: body.prompt, botType: 'MID_JOURNEY', accountFilter: body.accountFilter }],
    [{ notifyHook: true }, { prompt: body.prompt, botType: 'MID_JOURNEY', notifyHook: body.notifyHook }],
    [{ clearMode: true }, { prompt: 'a cat  --v 6 ', botType: 'MID_JOURNEY' }],
  ])('%j', (switches, want) => {
    expect(mjUpstreamBody(body, { ...off, ...switches })).toEqual(want);
  });

  it('leaves a non-text prompt and the caller’s object alone', () => {
    const b = { prompt: 7, notifyHook: 'h' };
    expect(mjUpstreamBody(b, { ...off, clearMode: true })).toEqual({ prompt: 7 });
    expect(b).toEqual({ prompt: 7, notifyHook: 'h' });
  });
});
