import { describe, expect, it } from 'vitest';
import { initialChannelState, keyBreaker, type ChannelState } from '../actors/channel-state.js';
import { admits } from './breaker.js';
import type { ChannelFailure } from './channel-failure.js';
import type { HealthEffect } from './health-effects.js';
import { DEFAULT_HEALTH_SETTINGS, type HealthSettings } from './health-settings.js';
import { NO_BALANCE, slowReason, transition, type HealthContext, type HealthEvent } from './health-transition.js';

const E500: ChannelFailure = { status: 500, message: 'upstream exploded' };
const E429: ChannelFailure = { status: 429, message: 'Rate limit reached' };
const E401: ChannelFailure = { status: 401, message: 'Incorrect API key provided' };
const IN_200: ChannelFailure = { status: 200, code: 'server_error', message: 'overloaded', inBody: true };
const QUOTA: ChannelFailure = { status: 429, type: 'insufficient_quota', message: 'You exceeded your current quota' };

const ON: HealthSettings = { ...DEFAULT_HEALTH_SETTINGS, autoDisable: true, autoEnable: true, keywords: ['you exceeded your current quota'] };

interface Channel {
  status?: number;
  autoBan?: boolean;
  multi?: boolean;
  keyStatuses?: Record<number, number>;
}

const ctx = (c: Channel = {}, settings: HealthSettings = ON): HealthContext => ({
  config: {
    id: 7,
    status: c.status ?? 1,
    autoBan: c.autoBan ?? true,
    multiKey: { enabled: c.multi ?? false, mode: 'random', statuses: c.keyStatuses ?? {}, pollingIndex: 0 },
  },
  settings,
});

function play(events: HealthEvent[], c: HealthContext): { state: ChannelState; effects: HealthEffect[] } {
  let state = initialChannelState();
  const effects: HealthEffect[] = [];
  for (const e of events) {
    const t = transition(state, e, c);
    state = t.state;
    effects.push(...t.effects);
  }
  return { state, effects };
}

const attempt = (failure: ChannelFailure | null, key: number | null = null, now = 0): HealthEvent[] => [
  { kind: 'start', key, now },
  failure ? { kind: 'failure', key, failure, now } : { kind: 'success', key, elapsedMs: 100, now },
];
const times = (n: number, events: HealthEvent[]): HealthEvent[] => Array.from({ length: n }, () => events).flat();
const persisted = (effects: readonly HealthEffect[]) => effects.filter((e) => e.kind !== 'circuit');
const test = (failure: ChannelFailure | null, run: 'single' | 'all', key: number | null = null, elapsedMs = 100): HealthEvent => ({ kind: 'test', key, run, elapsedMs, failure, now: 0 });

describe('health transitions: relay traffic', () => {
  it.each<[string, HealthEvent[], Channel, HealthSettings, { open: boolean; persisted: HealthEffect[] }]>([
    ['one transient error changes nothing', attempt(E500), {}, ON, { open: false, persisted: [] }],
    ['two 500s leave the circuit closed', times(2, attempt(E500)), {}, ON, { open: false, persisted: [] }],
    ['three 500s open the circuit but never disable', times(3, attempt(E500)), {}, ON, { open: true, persisted: [] }],
    ['429s count', times(3, attempt(E429)), {}, ON, { open: true, persisted: [] }],
    ['errors inside a 200 count', times(3, attempt(IN_200)), {}, ON, { open: true, persisted: [] }],
    ['a failure without details counts', times(3, attempt(null).slice(0, 1).concat({ kind: 'failure', key: null, failure: null, now: 0 })), {}, ON, { open: true, persisted: [] }],
    ['a success between failures resets the count', [...times(2, attempt(E500)), ...attempt(null), ...times(2, attempt(E500))], {}, ON, { open: false, persisted: [] }],
    ['a 401 disables the channel at once', attempt(E401), {}, ON, { open: true, persisted: [{ kind: 'disable', channelId: 7, key: null, reason: 'status_code=401, Incorrect API key provided' }] }],
    ['quota exhausted disables', attempt(QUOTA), {}, ON, { open: true, persisted: [{ kind: 'disable', channelId: 7, key: null, reason: 'status_code=429, You exceeded your current quota' }] }],
    ['not with AutomaticDisableChannelEnabled off: one 401 only counts', attempt(E401), {}, DEFAULT_HEALTH_SETTINGS, { open: false, persisted: [] }],
    ['off, three 401s open the circuit', times(3, attempt(E401)), {}, DEFAULT_HEALTH_SETTINGS, { open: true, persisted: [] }],
    ['not with auto_ban 0', attempt(E401), { autoBan: false }, ON, { open: false, persisted: [] }],
    ['not on a manually disabled channel (pinned traffic)', attempt(E401), { status: 2 }, ON, { open: false, persisted: [] }],
    ['a multi-key channel disables the key, not the channel', attempt(E401, 1), { multi: true }, ON, { open: false, persisted: [{ kind: 'disable', channelId: 7, key: 1, reason: 'status_code=401, Incorrect API key provided' }] }],
    ['a multi-key failure without a key index disables nothing', attempt(E401), { multi: true }, ON, { open: false, persisted: [] }],
  ])('%s', (_name, events, channel, settings, want) => {
    const r = play(events, ctx(channel, settings));
    expect(r.state.breaker.open).toBe(want.open);
    expect(persisted(r.effects)).toEqual(want.persisted);
  });

  it('opens the breaker of the failing key only, and reports the circuit once', () => {
    const r = play([...times(3, attempt(E500, 2)), ...attempt(null, 0)], ctx({ multi: true }, DEFAULT_HEALTH_SETTINGS));
    expect(keyBreaker(r.state, 2).open).toBe(true);
    expect(keyBreaker(r.state, 0).open).toBe(false);
    expect(r.state.breaker.open).toBe(false);
    expect(r.effects.filter((e) => e.kind === 'circuit' && e.key === 2 && e.open)).toHaveLength(1);
  });

  it('stops traffic at once on a disabled key: its breaker opens with the disable', () => {
    const r = play(attempt(E401, 1, 1000), ctx({ multi: true }));
    expect(admits(keyBreaker(r.state, 1), 1000)).toBe(false);
  });

  it('counts requests in flight and frees a probe slot on release', () => {
    let r = play([{ kind: 'start', key: null, now: 0 }, { kind: 'start', key: null, now: 0 }], ctx());
    expect(r.state.inFlight).toBe(2);
    r = play([...times(3, attempt(E500)), { kind: 'start', key: null, now: 60_000 }, { kind: 'release', key: null, now: 60_001 }], ctx());
    expect(r.state.inFlight).toBe(0);
    expect(admits(r.state.breaker, 60_001)).toBe(true);
  });
});

describe('health transitions: channel tests and balances', () => {
  it.each<[string, HealthEvent, Channel, HealthSettings, HealthEffect[]]>([
    ['a passing single test re-enables an auto-disabled channel', test(null, 'single'), { status: 3 }, ON, [{ kind: 'enable', channelId: 7, key: null }]],
    ['and a passing test-all run too', test(null, 'all'), { status: 3 }, ON, [{ kind: 'enable', channelId: 7, key: null }]],
    ['not with AutomaticEnableChannelEnabled off', test(null, 'single'), { status: 3 }, { ...ON, autoEnable: false }, []],
    ['never a manually disabled channel', test(null, 'all'), { status: 2 }, ON, []],
    ['nothing to do for an enabled channel', test(null, 'all'), {}, ON, []],
    ['a passing test of an auto-disabled key re-enables that key', test(null, 'single', 1), { multi: true, keyStatuses: { 1: 3 } }, ON, [{ kind: 'enable', channelId: 7, key: 1 }]],
    ['never a manually disabled key', test(null, 'single', 1), { multi: true, keyStatuses: { 1: 2 } }, ON, []],
    ['a failing single test never disables', test(E401, 'single'), {}, ON, []],
    ['a test-all key failure disables', test(E401, 'all'), {}, ON, [{ kind: 'disable', channelId: 7, key: null, reason: 'status_code=401, Incorrect API key provided' }]],
    ['a test-all key failure disables the key of a multi-key channel', test(E401, 'all', 2), { multi: true }, ON, [{ kind: 'disable', channelId: 7, key: 2, reason: 'status_code=401, Incorrect API key provided' }]],
    ['a test-all 500 does not disable', test(E500, 'all'), {}, ON, []],
    ['a slow pass in a test-all run disables', test(null, 'all', null, 6000), {}, ON, [{ kind: 'disable', channelId: 7, key: null, reason: slowReason(6000, 5000) }]],
    ['a slow pass does not re-enable', test(null, 'all', null, 6000), { status: 3 }, ON, []],
    ['ChannelDisableThreshold 0 turns the speed check off', test(null, 'all', null, 60_000), {}, { ...ON, slowTestMs: 0 }, []],
    ['auto_ban 0 protects from test-all', test(E401, 'all'), { autoBan: false }, ON, []],
    ['a balance of zero disables', { kind: 'balance', balance: 0, now: 0 }, {}, ON, [{ kind: 'disable', channelId: 7, key: null, reason: NO_BALANCE }]],
    ['a positive balance does not', { kind: 'balance', balance: 0.01, now: 0 }, {}, ON, []],
    ['nor with auto_ban 0', { kind: 'balance', balance: -1, now: 0 }, { autoBan: false }, ON, []],
  ])('%s', (_name, event, channel, settings, want) => {
    expect(persisted(transition(initialChannelState(), event, ctx(channel, settings)).effects)).toEqual(want);
  });

  it('a passing test closes the breakers of the channel and of the tested key', () => {
    const open = play([...times(3, attempt(E500, 0))], ctx({ multi: true }, DEFAULT_HEALTH_SETTINGS)).state;
    const t = transition(open, test(null, 'single', 0), ctx({ multi: true }, DEFAULT_HEALTH_SETTINGS));
    expect(t.state.breaker.open).toBe(false);
    expect(keyBreaker(t.state, 0).open).toBe(false);
    expect(t.effects.filter((e) => e.kind === 'circuit' && !e.open)).toHaveLength(2);
  });

  it('words the slow reason as new-api does', () => {
    expect(slowReason(6123, 5000)).toBe('响应时间 6.12s 超过阈值 5.00s');
  });
});
