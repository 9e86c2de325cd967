import { describe, expect, it } from 'vitest';
import { admits, breakerFailure, breakerRelease, breakerStart, breakerSuccess, breakerTrip, CLOSED, type Breaker } from './breaker.js';

const s = { threshold: 3, cooldownMs: 1000 };

type Step = ['start' | 'ok' | 'fail' | 'release' | 'trip', number];

function play(steps: Step[]): Breaker {
  let b: Breaker = CLOSED;
  for (const [op, now] of steps) {
    if (op === 'start') b = breakerStart(b, now, s);
    else if (op === 'ok') b = breakerSuccess();
    else if (op === 'fail') b = breakerFailure(b, now, s);
    else if (op === 'release') b = breakerRelease(b, now);
    else b = breakerTrip(b, now, s);
  }
  return b;
}

describe('circuit breaker', () => {
  it.each<[string, Step[], { open: boolean; admitsAt: Record<number, boolean> }]>([
    ['one transient failure keeps it closed', [['fail', 0]], { open: false, admitsAt: { 0: true } }],
    ['two failures keep it closed', [['fail', 0], ['fail', 0]], { open: false, admitsAt: { 0: true } }],
    ['three consecutive failures open it for the cool-down', [['fail', 0], ['fail', 0], ['fail', 10]], { open: true, admitsAt: { 10: false, 1009: false, 1010: true } }],
    ['a success in between resets the count', [['fail', 0], ['fail', 0], ['ok', 0], ['fail', 0]], { open: false, admitsAt: { 0: true } }],
    ['after the cool-down one probe goes; a second waits', [['fail', 0], ['fail', 0], ['fail', 0], ['start', 1000]], { open: true, admitsAt: { 1000: false, 1999: false, 2000: true } }],
    ['a successful probe closes it', [['fail', 0], ['fail', 0], ['fail', 0], ['start', 1000], ['ok', 1100]], { open: false, admitsAt: { 1100: true } }],
    ['a failed probe opens it for another cool-down', [['fail', 0], ['fail', 0], ['fail', 0], ['start', 1000], ['fail', 1500]], { open: true, admitsAt: { 2000: false, 2499: false, 2500: true } }],
    ['a probe without verdict hands its slot back', [['fail', 0], ['fail', 0], ['fail', 0], ['start', 1000], ['release', 1200]], { open: true, admitsAt: { 1200: true } }],
    ['late failures of requests sent before it opened do not extend it', [['fail', 0], ['fail', 0], ['fail', 0], ['fail', 900]], { open: true, admitsAt: { 1000: true } }],
    ['a trip opens it at once', [['trip', 5]], { open: true, admitsAt: { 5: false, 1005: true } }],
  ])('%s', (_name, steps, want) => {
    const b = play(steps);
    expect(b.open).toBe(want.open);
    for (const [at, expected] of Object.entries(want.admitsAt)) expect(admits(b, Number(at))).toBe(expected);
  });

  it('a threshold below one still needs one failure', () => {
    expect(breakerFailure(CLOSED, 0, { threshold: 0, cooldownMs: 10 }).open).toBe(true);
  });
});
